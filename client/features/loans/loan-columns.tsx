import { Badge } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { DataTableColumn } from '../../ui/data-table';
import type { LoanListRow } from './loan-list-rows';
import { LoanStatusBadge, pendingText } from './loan-status-badge';

// Plain elements with the shared table's classes (client/ui/data-table.css): a page of ten cards rendered ~400
// Chakra boxes, most of the list's time; only the badges stay components.
const nowrap = (text: string) => <span className="cell-nowrap">{text}</span>;

function ClientCell({ row }: { row: LoanListRow }) {
  return (
    <span className="cell-line">
      <span className="cell-name">{row.clientName}</span>
      {row.coordinadora && (
        <Badge colorPalette="purple" variant="subtle">
          Coordinadora
        </Badge>
      )}
    </span>
  );
}

function StatusCell({ row }: { row: LoanListRow }) {
  const pending = pendingText(row.pending);
  return (
    <span className="cell-stack">
      <LoanStatusBadge status={row.status} />
      {pending && <span className="cell-note">{pending}</span>}
    </span>
  );
}

/** docs/producto.md §2 loans table, in its order; the client is the phone card's heading. */
export const loanColumns: readonly DataTableColumn<LoanListRow>[] = [
  { key: 'municipio', header: 'Municipio', breakLongWords: true, render: (r) => r.municipalityName },
  { key: 'grupo', header: 'Grupo', align: 'end', render: (r) => r.grupo },
  { key: 'fecha_inicio', header: 'Fecha Inicio', render: (r) => nowrap(formatDate(r.fechaInicio)) },
  {
    key: 'cliente',
    header: 'Cliente',
    cardTitle: true,
    breakLongWords: true,
    render: (r) => <ClientCell row={r} />,
  },
  {
    key: 'num_pago',
    header: 'Número de pago',
    align: 'end',
    render: (r) => (
      <>
        {nowrap(`${r.numPago} de ${r.totalPagos}`)}
        {r.pagados !== undefined && (
          <span className="cell-note" data-testid="loan-pagados">
            {r.pagados === 1 ? '1 pagado' : `${r.pagados} pagados`}
          </span>
        )}
      </>
    ),
  },
  {
    key: 'monto_credito',
    header: 'Monto crédito',
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
