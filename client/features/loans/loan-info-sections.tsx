import { List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatCents, formatMoney } from '../../../shared/money';
import { DetailSection, yesNo } from './detail-section';
import type { LoanFigures } from './loan-figures';
import { LoanStatusBadge } from './loan-status-badge';
import type { LoanDetail } from './use-loan-detail';

const percent = (n: number) => `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(n)}%`;

/** docs/producto.md §2 loan detail: client, loan, dates and guarantees. */
export function LoanInfoSections({ detail }: { detail: LoanDetail }) {
  const { loan, client } = detail;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <DetailSection
        title="Cliente"
        items={[
          { label: 'Nombre', value: client?.nombre ?? 'N/A', testId: 'detail-client' },
          { label: 'Teléfono', value: client?.telefono ?? 'N/A' },
          { label: 'Municipio', value: detail.municipalityName ?? 'N/A' },
          { label: 'Coordinadora', value: yesNo(client?.coordinadora ?? false) },
        ]}
      />
      <DetailSection
        title="Préstamo"
        items={[
          { label: 'Referencia', value: loan.loan_reference, testId: 'detail-reference' },
          { label: 'Grupo', value: loan.grupo },
          { label: 'Monto del crédito', value: formatMoney(loan.monto_credito) },
          { label: 'Monto con interés', value: formatMoney(loan.monto_con_interes) },
          { label: 'Monto entregado', value: formatMoney(loan.monto_entregado) },
          { label: 'Interés', value: percent(loan.interes) },
          { label: 'Modalidad de pago', value: loan.modalidad_pago },
          {
            label: 'Aval',
            value: loan.nombre_aval
              ? `${loan.nombre_aval}${loan.telefono_aval ? ` · ${loan.telefono_aval}` : ''}`
              : 'N/A',
            testId: 'detail-aval',
          },
        ]}
      />
      <DetailSection
        title="Fechas"
        items={[
          { label: 'Fecha de inicio', value: formatDate(loan.fecha_inicio) },
          { label: 'Fecha de fin', value: formatDate(loan.fecha_fin) },
          { label: 'Fecha de creación', value: formatDateTime(loan.created_at) },
        ]}
      />
      <Stack gap="2" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg">
        <Text as="h3" fontWeight="semibold" fontSize="sm">
          Garantías
        </Text>
        {loan.garantias.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No hay garantías registradas
          </Text>
        ) : (
          <List.Root fontSize="sm" ps="5" gap="1" data-testid="detail-garantias">
            {loan.garantias.map((g, i) => (
              // Descriptions may repeat; their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <List.Item key={i}>{g}</List.Item>
            ))}
          </List.Root>
        )}
        {loan.notas && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" data-testid="detail-notas">
            Notas: {loan.notas}
          </Text>
        )}
      </Stack>
    </SimpleGrid>
  );
}

/** docs/producto.md §2 weekly payment, payments, state, guarantor and counts; docs/reglas-del-negocio.md balance beside SPEC's. */
export function LoanStateSection({ detail, figures }: { detail: LoanDetail; figures: LoanFigures }) {
  const { loan } = detail;
  return (
    <DetailSection
      title="Estado del préstamo"
      wide
      items={[
        { label: 'Abono', value: formatMoney(loan.abono), testId: 'detail-abono' },
        { label: 'Total de pagos', value: loan.total_pagos },
        { label: 'Pago actual', value: figures.numPago, testId: 'detail-num-pago' },
        { label: 'Estado', value: <LoanStatusBadge status={figures.status} /> },
        { label: 'Tiene aval', value: yesNo(Boolean(loan.nombre_aval?.trim())) },
        { label: 'Pagos pendientes', value: figures.pending },
        { label: 'Pagos vencidos', value: figures.overdue },
        { label: 'Pagos atrasados', value: figures.arrears },
        { label: 'Saldo a liquidar', value: formatCents(figures.saldoALiquidar), testId: 'detail-saldo' },
        {
          label: 'Saldo pendiente real',
          value: formatCents(figures.outstanding),
          testId: 'detail-outstanding',
        },
      ]}
    />
  );
}
