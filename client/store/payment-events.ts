// The ledger's events on the device (decision 021) travel with their loan: every reader wants a loan's events at
// once, so they are kept per loan, in buckets of loans (decision 019), like schedules. This module is the only
// one that knows that shape.
import type { LocalDb } from './database';
import type { LocalPayment } from './local-types';

const byId = (a: LocalPayment, b: LocalPayment) => a.id - b.id;

/** The synced events of these loans, loan after loan. */
export async function paymentsOfLoans(db: LocalDb, loanIds: readonly number[]): Promise<LocalPayment[]> {
  if (loanIds.length === 0) return [];
  return (await db.payments.bulkGet(loanIds)).flatMap((p) => p?.rows ?? []);
}

/** Puts events (new, or sent again) into their loans: one read and one write per bucket touched. */
export async function putPaymentEvents(db: LocalDb, events: readonly LocalPayment[]): Promise<void> {
  if (events.length === 0) return;
  const incoming = new Map<number, LocalPayment[]>();
  for (const event of events) {
    // An event without its keys would sit where no one finds it; the page is refused whole instead.
    if (!Number.isInteger(event.id) || !Number.isInteger(event.loan_id))
      throw new TypeError(`Pago sin id o sin préstamo: ${JSON.stringify(event)}`);
    const list = incoming.get(event.loan_id);
    if (list) list.push(event);
    else incoming.set(event.loan_id, [event]);
  }
  const loanIds = [...incoming.keys()];
  const stored = await db.payments.bulkGet(loanIds);
  await db.payments.bulkPut(
    loanIds.map((loanId, i) => {
      const merged = new Map((stored[i]?.rows ?? []).map((p) => [p.id, p]));
      for (const event of incoming.get(loanId)!) merged.set(event.id, event);
      return { loan_id: loanId, rows: [...merged.values()].sort(byId) };
    }),
  );
}

/**
 * Removes events by id. The server names only the event (one that left the device's window of days, or whose
 * loan left), so every loan's events are read: a few hundred records, once a day when the window moves.
 */
export async function deletePaymentEvents(db: LocalDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  const kept: { loan_id: number; rows: LocalPayment[] }[] = [];
  const emptied: number[] = [];
  for (const loan of await db.payments.filter((l) => l.rows.some((p) => gone.has(p.id)))) {
    const rows = loan.rows.filter((p) => !gone.has(p.id));
    if (rows.length) kept.push({ loan_id: loan.loan_id, rows });
    else emptied.push(loan.loan_id);
  }
  await db.payments.bulkPut(kept);
  await db.payments.bulkDelete(emptied);
}
