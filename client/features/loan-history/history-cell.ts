// The loan history grid's payment cells (docs/producto.md §2): one per payment number 1…14, in one of five states.
import { amortizationStatus } from '../../../shared/loans/derived';
import { formatMoney } from '../../../shared/money';

/** docs/producto.md §9: the grid has 14 payment columns. */
export const HISTORY_PAYMENT_COLUMNS = 14;

export type HistoryCellKind = 'renewed' | 'paid' | 'partial' | 'unpaid' | 'upcoming' | 'absent';

export interface HistoryCell {
  numero: number;
  kind: HistoryCellKind;
  /** Pesos paid on a partial row; null otherwise. */
  amount: number | null;
  /** What the cell says to a screen reader and in its tooltip: 'Pago 3: Pagado'. */
  label: string;
}

interface CellRow {
  numero_pago: number;
  /** When given (with today), an unpaid row not yet due is 'upcoming', not 'unpaid'. */
  fecha_pago?: string;
  renovo: boolean;
  pagada: boolean;
  parcial: number;
}

const KIND_OF_STATUS = {
  Renovado: 'renewed',
  Pagado: 'paid',
  Parcial: 'partial',
  Pendiente: 'unpaid',
} as const satisfies Record<ReturnType<typeof amortizationStatus>, HistoryCellKind>;

export const CELL_TEXT: Record<HistoryCellKind, string> = {
  renewed: 'Renovado',
  paid: 'Pagado',
  partial: 'Parcial',
  unpaid: 'No pagado',
  upcoming: 'Por vencer',
  absent: 'Sin pago',
};

/** The cell of payment `numero`; no row for that number (a shorter loan) is 'absent'. */
export function historyCell(numero: number, row: CellRow | undefined, today?: string): HistoryCell {
  if (!row) return { numero, kind: 'absent', amount: null, label: `Pago ${numero}: ${CELL_TEXT.absent}` };
  // docs/producto.md §4's order: renewed, then paid, then partial, else pending (late, or not due yet).
  const status = KIND_OF_STATUS[amortizationStatus(row)];
  const notDue =
    status === 'unpaid' && today !== undefined && row.fecha_pago !== undefined && row.fecha_pago > today;
  const kind: HistoryCellKind = notDue ? 'upcoming' : status;
  const amount = kind === 'partial' ? row.parcial : null;
  const text = amount === null ? CELL_TEXT[kind] : `${CELL_TEXT.partial} ${formatMoney(amount)}`;
  return { numero, kind, amount, label: `Pago ${numero}: ${text}` };
}

/** The 14 cells of a loan from its rows (in any order; rows past the 14th are not shown). */
export function historyCells(rows: readonly CellRow[], today?: string): HistoryCell[] {
  const byNumber = new Map(rows.map((r) => [r.numero_pago, r]));
  return Array.from({ length: HISTORY_PAYMENT_COLUMNS }, (_, i) =>
    historyCell(i + 1, byNumber.get(i + 1), today),
  );
}

/** A partial amount in the narrow cell: whole pesos without cents ('$150'), else with them ('$150.50'). */
export function compactMoney(pesos: number): string {
  const text = formatMoney(pesos);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
