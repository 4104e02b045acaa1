// The payment ledger's one allocation rule (docs/reglas-del-negocio.md "Payments are events", decision 021). Money received is
// a list of events; what each row of a loan has received — and so whether it is paid, partly paid, and on
// which date it was completed — is derived from them here, and nowhere else. The server replays a loan's
// whole ledger after every event; the phone applies its own new payment on top of the rows it holds, with the
// same `fillRows`. sql/020 `ledger_row_states` is the SQL twin (tests/server/payments/ledger-sql.test.ts).
import type { IsoDate } from '../dates';
import { type Cents, cents } from '../money';

/** A row of a loan's schedule as allocation reads it: its place and its amount due. */
export interface LedgerRow {
  id: number;
  numero_pago: number;
  monto: Cents;
}

/** A payment as allocation reads it: what it brings now (after corrections), when, and where it was aimed. */
export interface LedgerPayment {
  /** Unique within the account; orders the payments of one date (never the order of arrival). */
  receiptId: string;
  /** The business date the money was received. */
  fecha: IsoDate;
  amount: Cents;
  /** The row a person edited (an office row edit); null: the oldest row not fully paid. */
  amortizationId: number | null;
}

/** What a row has received, and the date of the payment that completed it (or last added to it). */
export interface RowBalance {
  received: Cents;
  fechaPagada: IsoDate | null;
}

export interface LedgerAllocation {
  receiptId: string;
  rowId: number;
  amount: Cents;
}

export interface LedgerState {
  /** Every row of the loan, by id. */
  balances: Map<number, RowBalance>;
  /** In the order the payments were applied; a payment split over rows has one entry per row. */
  allocations: LedgerAllocation[];
  /** Money no row could take: always 0 for a ledger whose payments were accepted (each fits the balance). */
  unallocated: Cents;
}

/** The canonical order: business date, then receipt id. Two devices' payments end the same in any arrival order. */
export const comparePayments = (a: LedgerPayment, b: LedgerPayment): number =>
  a.fecha < b.fecha
    ? -1
    : a.fecha > b.fecha
      ? 1
      : a.receiptId < b.receiptId
        ? -1
        : a.receiptId > b.receiptId
          ? 1
          : 0;

const byNumero = (a: LedgerRow, b: LedgerRow) => a.numero_pago - b.numero_pago;

/** Rows in numero_pago order (a copy when they are not already). */
function ordered<R extends LedgerRow>(rows: readonly R[]): readonly R[] {
  for (let i = 1; i < rows.length; i++)
    if (rows[i - 1]!.numero_pago > rows[i]!.numero_pago) return [...rows].sort(byNumero);
  return rows;
}

export const emptyBalances = (rows: readonly LedgerRow[]): Map<number, RowBalance> =>
  new Map(rows.map((r) => [r.id, { received: cents(0), fechaPagada: null }]));

/**
 * Puts one payment into `balances` (changed in place): the row it was aimed at, or else the oldest row not fully
 * paid, up to that row's amount; then the following rows in numero_pago order; then, from the first row, any
 * earlier one still lacking (an aimed payment larger than what is left after its row). Returns what each row
 * took and what no row could take.
 */
export function fillRows(
  rows: readonly LedgerRow[],
  balances: Map<number, RowBalance>,
  payment: LedgerPayment,
): { allocations: LedgerAllocation[]; left: Cents } {
  const list = ordered(rows);
  const aimed = payment.amortizationId === null ? -1 : list.findIndex((r) => r.id === payment.amortizationId);
  const start = Math.max(aimed, 0);
  const allocations: LedgerAllocation[] = [];
  let left: number = payment.amount;
  for (let step = 0; step < list.length && left > 0; step++) {
    const row = list[(start + step) % list.length]!;
    const balance = balances.get(row.id)!;
    const lacking = row.monto - balance.received;
    if (lacking <= 0) continue;
    const take = Math.min(lacking, left);
    balance.received = cents(balance.received + take);
    balance.fechaPagada = payment.fecha;
    left -= take;
    allocations.push({ receiptId: payment.receiptId, rowId: row.id, amount: cents(take) });
  }
  return { allocations, left: cents(left) };
}

/** A loan's rows as its payments leave them: every payment in canonical order, from rows that received nothing. */
export function allocateLedger(rows: readonly LedgerRow[], payments: readonly LedgerPayment[]): LedgerState {
  const balances = emptyBalances(rows);
  const allocations: LedgerAllocation[] = [];
  let unallocated = 0;
  for (const payment of [...payments].sort(comparePayments)) {
    if (payment.amount <= 0) continue;
    const filled = fillRows(rows, balances, payment);
    allocations.push(...filled.allocations);
    unallocated += filled.left;
  }
  return { balances, allocations, unallocated: cents(unallocated) };
}

/** What a row's columns say (sql/003: a renewed row is never `pagada`; a paid row keeps no partial amount). */
export interface RowColumns {
  pagada: boolean;
  parcial: Cents;
  fecha_pagada: IsoDate | null;
}

export function rowColumns(row: LedgerRow & { renovo: boolean }, balance: RowBalance): RowColumns {
  const pagada = !row.renovo && balance.received >= row.monto;
  return {
    pagada,
    parcial: pagada ? cents(0) : balance.received,
    fecha_pagada: balance.received > 0 ? balance.fechaPagada : null,
  };
}

/** The balance a row's columns stand for (the inverse of `rowColumns`). */
export const balanceOfColumns = (row: LedgerRow, columns: RowColumns): RowBalance => ({
  received: columns.pagada ? row.monto : columns.parcial,
  fechaPagada: columns.fecha_pagada,
});

/** What the loan still owes: every row not renewed, less what it has received (docs/reglas-del-negocio.md outstanding). */
export function outstandingOf(
  rows: readonly (LedgerRow & { renovo: boolean })[],
  balances: ReadonlyMap<number, RowBalance>,
): Cents {
  let owed = 0;
  for (const row of rows)
    if (!row.renovo) owed += Math.max(0, row.monto - (balances.get(row.id)?.received ?? 0));
  return cents(owed);
}

/** A ledger event as stored: a payment, or a correction of one (it restates the payment's amount and date). */
export interface PaymentEvent {
  /** The server's id (arrival order): of two corrections of one payment, the later one stands. */
  id: number;
  receiptId: string;
  kind: 'pago' | 'correccion';
  amount: Cents;
  fecha: IsoDate;
  amortizationId: number | null;
  /** A correction's payment (its id); null for a payment. */
  correctsId: number | null;
}

export interface EffectivePayment extends LedgerPayment {
  /** The payment event. */
  event: PaymentEvent;
  /** The correction that stands, if any. */
  correction: PaymentEvent | null;
}

/** Each payment as it stands: its amount and date, or those of its latest correction (0: reversed). */
export function effectivePayments(events: readonly PaymentEvent[]): EffectivePayment[] {
  const latest = new Map<number, PaymentEvent>();
  for (const e of events) {
    if (e.kind !== 'correccion' || e.correctsId === null) continue;
    const held = latest.get(e.correctsId);
    if (!held || e.id > held.id) latest.set(e.correctsId, e);
  }
  return events
    .filter((e) => e.kind === 'pago')
    .map((event) => {
      const correction = latest.get(event.id) ?? null;
      return {
        receiptId: event.receiptId,
        fecha: correction?.fecha ?? event.fecha,
        amount: correction?.amount ?? event.amount,
        amortizationId: event.amortizationId,
        event,
        correction,
      };
    });
}

/** Σ of what the payments bring now. */
export const receivedTotal = (payments: readonly Pick<LedgerPayment, 'amount'>[]): Cents =>
  cents(payments.reduce((sum, p) => sum + p.amount, 0));
