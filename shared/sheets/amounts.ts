// What a weekly sheet takes of each loan when it is generated (docs/reglas-del-negocio.md generation), from the loan figures
// (shared/loans/figures): the server's snapshot, its file and the phone's cards read the same numbers. What a
// sheet collected is not worked out here: it is the sum of the ledger's payments dated in its week (sql/020).
import type { IsoDate } from '../dates';
import { type FiguresLoan, type FiguresRow, loanFigures, type Week } from '../loans/figures';
import type { Cents } from '../money';

/** A row as the snapshot reads it: the loan figures' row, with its id. */
export interface SheetRow extends FiguresRow {
  id: number;
}

export interface SheetSnapshot {
  /** The row due in the covered week (the latest, for a loan with several), or null (only arrears due). */
  amortizationId: number | null;
  /** Every other row not fully paid nor renewed that is due by the week's end (the arrears). */
  arrearsIds: number[];
  /** A COBRAR: what the rows due by the week's end still lack (the week's due plus arrears). */
  expected: Cents;
  /** ADEUDO: what the loan still owes in all. */
  adeudo: Cents;
  /** SPEC's SALDO A LIQ. on the generation date. */
  saldoALiquidar: Cents;
  /** What the loan's rows held when the sheet was taken (kept for devices of the previous version). */
  receivedBefore: Cents;
}

/**
 * One loan's line of a sheet for `week`, generated on `at`: the row due in the week and every earlier row not
 * fully paid. Null when nothing is due by the week's end (the loan is not on the sheet).
 */
export function snapshotLoan(
  loan: FiguresLoan,
  rows: readonly SheetRow[],
  at: IsoDate,
  week: Week,
): SheetSnapshot | null {
  const figures = loanFigures(loan, rows, at, week);
  if (figures.dueThisWeek === 0) return null;
  const open = (r: SheetRow) => !r.renovo && r.received < r.monto;
  const inWeek = rows
    .filter((r) => r.fecha_pago >= week.start && r.fecha_pago <= week.end)
    .sort((a, b) => b.numero_pago - a.numero_pago)[0];
  return {
    amortizationId: inWeek?.id ?? null,
    arrearsIds: rows
      .filter((r) => open(r) && r.fecha_pago <= week.end && r.id !== inWeek?.id)
      .sort((a, b) => a.numero_pago - b.numero_pago)
      .map((r) => r.id),
    expected: figures.dueThisWeek,
    adeudo: figures.outstanding,
    saldoALiquidar: figures.saldoALiquidar,
    receivedBefore: figures.received,
  };
}

/** The fields of a stored row the summary view reads (money in pesos, as the wire and the device keep it). */
export interface SummaryRow {
  id: number;
  numero_pago: number;
  fecha_pago: IsoDate;
  pagada: boolean;
  renovo: boolean;
}

/**
 * docs/producto.md §4 summary view: the row the collector records, per loan. SPEC picks "the latest unpaid row whose
 * payment date is before today". Two changes, both about money: the rows of the sheet's own week count
 * (due on or before max(today, the coverage week's end), so every loan on the sheet has its row on
 * collection day), and the OLDEST such row is picked, not the latest: a payment then settles the oldest debt
 * first, as the ledger's allocation does. Null: nothing is due (the loan is omitted).
 */
export function summaryRowOf<R extends SummaryRow>(
  rows: readonly R[],
  today: IsoDate,
  coverageWeekEnd: IsoDate,
): R | null {
  const limit = today > coverageWeekEnd ? today : coverageWeekEnd;
  let pick: R | null = null;
  for (const r of rows) {
    if (r.pagada || r.renovo || r.fecha_pago > limit) continue;
    if (!pick || r.numero_pago < pick.numero_pago) pick = r;
  }
  return pick;
}
