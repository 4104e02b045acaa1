// A row edit (SPEC's inline edit: 'Pagado', the partial amount, the paid date; `amortization.update` from a
// device; aplicar-pago) as ledger events (docs/reglas-del-negocio.md, decision 021): the difference between the row as its
// author saw it and the state asked for. More money is a payment aimed at the row; less is money taken back from
// the row's payments, newest first; only a new date re-dates the row's money.
import type { IsoDate } from '../dates';
import { type Cents, cents } from '../money';
import type { RowBalance, RowColumns } from './ledger';

/** One edit of one row. `parcial` is the row's amount received (set, not added), as the screens show it. */
export interface PaymentEdit {
  pagada?: boolean;
  parcial?: Cents;
  /** Null or missing: `today` when the row receives money. */
  fechaPagada?: IsoDate | null;
}

export type RowEditRefusal = { kind: 'not-found' } | { kind: 'paid' } | { kind: 'renewed' };

export type RowEditIntent =
  /** Money received, aimed at the row. */
  | { kind: 'pago'; amount: Cents; fecha: IsoDate }
  /** The row keeps less: this much is taken back from the row's payments. */
  | { kind: 'devolver'; amount: Cents }
  /** The row's money was received on another date. */
  | { kind: 'fecha'; fecha: IsoDate }
  | { kind: 'nada' };

/**
 * `row` as it stands (paid and renewed rows are locked: docs/producto.md §4), `seen` what it had received as the author saw
 * it (its version when the edit was made; the same as now when nothing changed since).
 */
export function rowEditIntent(
  row: { monto: Cents; renovo: boolean; columns: RowColumns },
  seen: RowBalance,
  edit: PaymentEdit,
  today: IsoDate,
): { ok: true; intent: RowEditIntent } | { ok: false; refusal: RowEditRefusal } {
  if (row.renovo) return { ok: false, refusal: { kind: 'renewed' } };
  if (row.columns.pagada) return { ok: false, refusal: { kind: 'paid' } };
  const asked =
    edit.pagada === true
      ? Math.max(row.monto, edit.parcial ?? 0)
      : edit.parcial !== undefined
        ? edit.parcial
        : null;
  const fecha = edit.fechaPagada ?? today;
  if (asked !== null && asked > seen.received)
    return { ok: true, intent: { kind: 'pago', amount: cents(asked - seen.received), fecha } };
  if (asked !== null && asked < seen.received)
    return { ok: true, intent: { kind: 'devolver', amount: cents(seen.received - asked) } };
  const moved = edit.fechaPagada && row.columns.parcial > 0 && edit.fechaPagada !== row.columns.fecha_pagada;
  return { ok: true, intent: moved ? { kind: 'fecha', fecha: edit.fechaPagada! } : { kind: 'nada' } };
}

/** What an edit asks for, in words, for the device's list of pending changes. */
export function describeRowEdit(intent: RowEditIntent, format: (c: Cents) => string): string {
  switch (intent.kind) {
    case 'pago':
      return `Pago de ${format(intent.amount)}`;
    case 'devolver':
      return `Corrección: ${format(intent.amount)} menos`;
    case 'fecha':
      return 'Cambio de fecha pagada';
    case 'nada':
      return 'Sin cambio de dinero';
  }
}
