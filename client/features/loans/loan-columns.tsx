import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { DataTableColumn } from '../../ui/data-table';
import type { LoanListRow } from './loan-list-rows';
import { LoanStatusBadge, pendingText } from './loan-status-badge';

const nowrap = (text: string) => (
  <Text as="span" whiteSpace="nowrap">
    {text}
  </Text>
);

function ClientCell({ row }: { row: LoanListRow }) {
  return (
    <HStack gap="2" wrap="wrap" rowGap="1">
      <Text as="span" fontWeight="medium">
        {row.clientName}
      </Text>
      {row.coordinadora && (
        <Badge colorPalette="purple" variant="subtle">
          Coordinadora
        </Badge>
      )}
    </HStack>
  );
}

function StatusCell({ row }: { row: LoanListRow }) {
  const pending = pendingText(row.pending);
  return (
    <Stack gap="0.5" align="flex-start">
      <LoanStatusBadge status={row.status} />
      {pending && (
        <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {pending}
        </Text>
      )}
    </Stack>
  );
}

/** SPEC §2 loans table, in its order; the client is the phone card's heading. */
export const loanColumns: readonly DataTableColumn<LoanListRow>[] = [
  { key: 'municipio', header: 'Municipio', render: (r) => r.municipalityName },
  { key: 'grupo', header: 'Grupo', align: 'end', render: (r) => r.grupo },
  { key: 'fecha_inicio', header: 'Fecha Inicio', render: (r) => nowrap(formatDate(r.fechaInicio)) },
  { key: 'cliente', header: 'Cliente', cardTitle: true, render: (r) => <ClientCell row={r} /> },
  {
    key: 'num_pago',
    header: 'Numero de pago',
    align: 'end',
    render: (r) => (
      <>
        {nowrap(`${r.numPago} de ${r.totalPagos}`)}
        {r.pagados !== undefined && (
          <Text as="span" display="block" fontSize="xs" color="fg.muted" data-testid="loan-pagados">
            {r.pagados === 1 ? '1 pagado' : `${r.pagados} pagados`}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'monto_credito',
    header: 'Monto credito',
    align: 'end',
    render: (r) => nowrap(formatMoney(r.montoCredito)),
  },
  {
    key: 'monto_con_interes',
    header: 'Monto con Interés',
    align: 'end',
    render: (r) => nowrap(formatMoney(r.montoConInteres)),
  },
  { key: 'abono', header: 'Abono', align: 'end', render: (r) => nowrap(formatMoney(r.abono)) },
  { key: 'estado', header: 'Estado', render: (r) => <StatusCell row={r} /> },
];
