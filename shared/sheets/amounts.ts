// What a sheet expects and what it collected, in centavos: the same rules for the server's generation and
// processing and for the running totals on the collector's phone.
import type { IsoDate } from '../dates';
import { type Cents, cents, toCents } from '../money';

/** The fields of a payment row these rules read; money in pesos as the wire and the device store it. */
export interface SheetRow {
  id: number;
  numero_pago: number;
  fecha_pago: IsoDate;
  pagada: boolean;
  renovo: boolean;
  parcial: number;
}

const c = (pesos: number): Cents => toCents(pesos) ?? cents(0);

/** What a row has received: a paid row counts as one abono, a renewed one nothing, else its partial amount. */
export function receivedCents(row: Pick<SheetRow, 'pagada' | 'renovo' | 'parcial'>, abono: Cents): Cents {
  if (row.renovo) return cents(0);
  return row.pagada ? abono : c(row.parcial);
}

/** What a loan has received over all its rows (cash in hand, including excess carried to later rows). */
export const loanReceivedCents = (rows: readonly SheetRow[], abono: Cents): Cents =>
  cents(rows.reduce((sum, r) => sum + receivedCents(r, abono), 0));

export interface SheetSnapshot {
  /** The row due in the covered week (the latest, for a loan with several), or null (only arrears due). */
  amortizationId: number | null;
  /** Every other row neither paid nor renewed that is due by the week's end (the arrears). */
  arrearsIds: number[];
  /** Σ (abono − parcial) of the due rows that are neither paid nor renewed. */
  expected: Cents;
  /** What the loan had already received when the sheet was taken: processing counts only what came after. */
  receivedBefore: Cents;
}

/**
 * DESIGN §5 generation, for one loan: the row due in [coverageWeek, coverageWeekEnd] and every earlier row
 * not paid or renewed. Null when nothing is due (the loan is not on the sheet).
 */
export function snapshotLoan(
  rows: readonly SheetRow[],
  abono: Cents,
  coverageWeek: IsoDate,
  coverageWeekEnd: IsoDate,
): SheetSnapshot | null {
  const open = (r: SheetRow) => !r.pagada && !r.renovo;
  const inWeek = rows
    .filter((r) => r.fecha_pago >= coverageWeek && r.fecha_pago <= coverageWeekEnd)
    .sort((a, b) => b.numero_pago - a.numero_pago)[0];
  const due = rows.filter((r) => open(r) && r.fecha_pago <= coverageWeekEnd);
  if (due.length === 0) return null;
  const expected = cents(due.reduce((sum, r) => sum + Math.max(0, abono - c(r.parcial)), 0));
  return {
    amortizationId: inWeek?.id ?? null,
    arrearsIds: due
      .filter((r) => r.id !== inWeek?.id)
      .sort((a, b) => a.numero_pago - b.numero_pago)
      .map((r) => r.id),
    expected,
    receivedBefore: loanReceivedCents(rows, abono),
  };
}

/** What a sheet's loan has collected since the sheet was taken (never below 0: a renewal zeroes rows). */
export const collectedSince = (rows: readonly SheetRow[], abono: Cents, receivedBefore: Cents): Cents =>
  cents(Math.max(0, loanReceivedCents(rows, abono) - receivedBefore));

/**
 * SPEC §4 summary view: the row the collector records, per loan. SPEC picks "the latest unpaid row whose
 * payment date is before today". Two changes, both about money: the rows of the sheet's own week count
 * (due on or before max(today, the coverage week's end), so every loan on the sheet has its row on
 * collection day), and the OLDEST such row is picked, not the latest: a payment then settles the oldest debt
 * first and any excess carries forward to the following rows (shared allocation), where paying the latest
 * row would carry it past the arrears. Null: nothing is due (the loan is omitted).
 */
export function summaryRowOf<R extends SheetRow>(
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
