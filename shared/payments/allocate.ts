// Payment application on a loan's rows (DESIGN §5), pure over integer centavos: the server runs it on
// locked rows, the client runs it for the optimistic update, so both agree on what an edit does.
import type { IsoDate } from '../dates';
import { type Cents, cents } from '../money';

export interface PaymentRow {
  id: number;
  numero_pago: number;
  pagada: boolean;
  renovo: boolean;
  parcial: Cents;
  fecha_pagada: IsoDate | null;
}

/** One edit of one row. `parcial` is the row's amount received (set, not added), as the screens show it. */
export interface PaymentEdit {
  pagada?: boolean;
  parcial?: Cents;
  /** Null or missing: `today` when the row receives money. */
  fechaPagada?: IsoDate | null;
}

export type AllocationRefusal =
  | { kind: 'not-found' }
  | { kind: 'paid' }
  | { kind: 'renewed' }
  /** More money than the target and every following unpaid row can take. */
  | { kind: 'excess'; excess: Cents };

export type Allocation = { ok: true; rows: PaymentRow[] } | { ok: false; refusal: AllocationRefusal };

type RowValue = Pick<PaymentRow, 'pagada' | 'parcial' | 'fecha_pagada'>;

const sameValue = (a: RowValue, b: RowValue) =>
  a.pagada === b.pagada && a.parcial === b.parcial && a.fecha_pagada === b.fecha_pagada;

/** A paid row counts as one abono (DESIGN §5), so it keeps no partial amount. */
const paid = (date: IsoDate): RowValue => ({ pagada: true, parcial: cents(0), fecha_pagada: date });

/** The target's new value and the money left over for the following rows. */
function targetValue(row: PaymentRow, edit: PaymentEdit, abono: Cents, date: IsoDate) {
  const amount = edit.parcial;
  if (edit.pagada === true) {
    return { value: paid(date), excess: cents(Math.max(0, (amount ?? 0) - abono)) };
  }
  if (amount !== undefined) {
    if (amount >= abono) return { value: paid(date), excess: cents(amount - abono) };
    return {
      value: { pagada: false, parcial: amount, fecha_pagada: amount > 0 ? date : null },
      excess: cents(0),
    };
  }
  // Only a date (or pagada: false): it moves the date of a partial payment, and nothing else.
  const keepsDate = edit.fechaPagada && row.parcial > 0;
  return {
    value: { ...row, fecha_pagada: keepsDate ? edit.fechaPagada! : row.fecha_pagada },
    excess: cents(0),
  };
}

/**
 * Applies `edit` to row `targetId` of a loan whose rows are `rows` (any order) and whose payment is `abono`.
 * - Paid and renewed rows are locked: editing them (unchecking included) is refused.
 * - `pagada: true` marks the row paid, on `fechaPagada` or `today`.
 * - An amount ≥ abono marks the row paid and carries the excess to the following unpaid rows in order
 *   (each takes what it still lacks: abono − parcial); an amount < abono sets the partial amount.
 * - An excess beyond the last row is refused rather than kept nowhere: money is never silently lost.
 * Returns only the rows whose value changes, with their new values, in numero_pago order.
 */
export function allocatePayment(
  rows: readonly PaymentRow[],
  abono: Cents,
  targetId: number,
  edit: PaymentEdit,
  today: IsoDate,
): Allocation {
  const ordered = [...rows].sort((a, b) => a.numero_pago - b.numero_pago);
  const target = ordered.find((r) => r.id === targetId);
  if (!target) return { ok: false, refusal: { kind: 'not-found' } };
  if (target.renovo) return { ok: false, refusal: { kind: 'renewed' } };
  if (target.pagada) return { ok: false, refusal: { kind: 'paid' } };

  const date = edit.fechaPagada ?? today;
  const first = targetValue(target, edit, abono, date);
  const changed: PaymentRow[] = [];
  if (!sameValue(target, first.value)) changed.push({ ...target, ...first.value });

  let excess = first.excess;
  for (const row of ordered) {
    if (excess <= 0) break;
    if (row.numero_pago <= target.numero_pago || row.pagada || row.renovo) continue;
    const lacking = abono - row.parcial;
    if (excess >= lacking) {
      changed.push({ ...row, ...paid(date) });
      excess = cents(excess - Math.max(0, lacking));
    } else {
      changed.push({ ...row, parcial: cents(row.parcial + excess), fecha_pagada: date });
      excess = cents(0);
    }
  }
  if (excess > 0) return { ok: false, refusal: { kind: 'excess', excess } };
  return { ok: true, rows: changed };
}
