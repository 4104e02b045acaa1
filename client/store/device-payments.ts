// The money the device counts (decision 021): the ledger's events the server sent (each payment as it stands
// after its corrections) and this phone's own entries the server has not sent back yet. Every "received" figure
// on the phone — a card's week, the day's cash count, a sheet's cobrado — is a sum over these.
import { dateInTimeZone, type IsoDate } from '../../shared/dates';
import { type Cents, cents, toCents } from '../../shared/money';
import { effectivePayments, type PaymentEvent } from '../../shared/payments/ledger';
import { MUTATION } from '../../shared/sync/types';
import { isPaymentEntry, type LocalPayment, type OutboxEntry, type PaymentOutboxEntry } from './local-types';

export interface DevicePayment {
  receiptId: string;
  loanId: number;
  /** The business date the money was received. */
  fecha: IsoDate;
  amount: Cents;
  /** Who recorded it (the server's user id; this phone's user for its own entries). */
  userId: number | null;
  /** The server has it and sent it back; false: only on this phone so far. */
  synced: boolean;
}

const c = (pesos: number | undefined): Cents => toCents(pesos ?? 0) ?? cents(0);

const asEvent = (p: LocalPayment): PaymentEvent => ({
  id: p.id,
  receiptId: p.receipt_id,
  kind: p.kind,
  amount: c(p.amount),
  fecha: p.fecha,
  amortizationId: p.amortization_id,
  correctsId: p.corrects_id,
});

/** What an entry of this phone brings, on which date: the amount typed, or what a row edit moved. */
export function entryMoney(entry: PaymentOutboxEntry, timeZone?: string): { fecha: IsoDate; amount: Cents } {
  if (entry.name === MUTATION.paymentRecord) return { fecha: entry.args.fecha, amount: c(entry.args.amount) };
  return {
    fecha: entry.args.fecha_pagada ?? dateInTimeZone(new Date(entry.clientTime), timeZone),
    amount: c(entry.summary.cobrado),
  };
}

/** An entry still counted: not refused by the server, not undone on the phone. */
const counted = (entry: OutboxEntry): entry is PaymentOutboxEntry =>
  isPaymentEntry(entry) && entry.status !== 'rejected';

/** The payments of each loan: the synced ones as they stand, then this phone's entries not among them. */
export function devicePayments(
  synced: readonly LocalPayment[],
  entries: readonly OutboxEntry[],
): Map<number, DevicePayment[]> {
  const byLoan = new Map<number, DevicePayment[]>();
  const add = (p: DevicePayment) => {
    const list = byLoan.get(p.loanId);
    if (list) list.push(p);
    else byLoan.set(p.loanId, [p]);
  };
  const events = new Map<number, LocalPayment[]>();
  const receipts = new Set<string>();
  for (const p of synced) {
    receipts.add(p.receipt_id);
    const list = events.get(p.loan_id);
    if (list) list.push(p);
    else events.set(p.loan_id, [p]);
  }
  for (const [loanId, list] of events) {
    const users = new Map(list.map((p) => [p.id, p.user_id]));
    for (const p of effectivePayments(list.map(asEvent)))
      add({
        receiptId: p.receiptId,
        loanId,
        fecha: p.fecha,
        amount: p.amount,
        userId: users.get(p.event.id) ?? null,
        synced: true,
      });
  }
  for (const entry of entries) {
    if (!counted(entry) || receipts.has(entry.args.receiptId)) continue;
    const { fecha, amount } = entryMoney(entry);
    if (amount === 0) continue;
    add({
      receiptId: entry.args.receiptId,
      loanId: entry.loanId,
      fecha,
      amount,
      userId: entry.userId,
      synced: false,
    });
  }
  return byLoan;
}

/** Σ of the payments dated from `from` to `to`, inclusive (optionally only the synced ones). */
export function receivedBetween(
  payments: readonly DevicePayment[] | undefined,
  from: IsoDate,
  to: IsoDate,
  onlySynced = false,
): Cents {
  let total = 0;
  for (const p of payments ?? [])
    if (p.fecha >= from && p.fecha <= to && (!onlySynced || p.synced)) total += p.amount;
  return cents(total);
}
