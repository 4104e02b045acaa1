// A loan with edits the server has not answered shows the server's rows with those edits replayed on top
// (docs/sincronizacion.md client apply; Replicache's rebase). The server's copies wait in `shadows` until every edit of
// the loan is answered; then they become the rows again, so a rejected edit reverts to the server's value.
import type { IsoDate } from '../../shared/dates';
import type { Cents } from '../../shared/money';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from './database';
import {
  isPaymentEntry,
  type LocalAmortization,
  type LocalLoan,
  type PaymentOutboxEntry,
  type ShadowRow,
} from './local-types';
import { applyPayment, applyRowEdit } from './payment-edit';
import { scheduleOf, writeSchedule } from './schedules';

interface ServerState {
  loan: LocalLoan | null;
  rows: Map<number, LocalAmortization>;
}

/** The server's state of a loan: the rows on the device, overlaid with the server copies kept aside. */
async function serverState(db: LocalDb, loanId: number, shadows: ShadowRow[]): Promise<ServerState> {
  let loan = (await db.loans.get(loanId)) ?? null;
  const rows = new Map((await scheduleOf(db, loanId)).map((r) => [r.id, r]));
  for (const shadow of shadows) {
    if (shadow.entity === 'loans') loan = shadow.row;
    else if (shadow.row) rows.set(shadow.id, shadow.row);
    else rows.delete(shadow.id);
  }
  return { loan, rows };
}

/** Keeps the server's copy of rows about to change, unless one is already kept. Inside a transaction. */
export async function keepServerCopies(
  db: LocalDb,
  loanId: number,
  copies: { loan?: LocalLoan | null; rows?: readonly LocalAmortization[] },
): Promise<void> {
  const held = new Set(
    (await db.shadows.where('loanId').equals(loanId).toArray()).map((s) => `${s.entity}:${s.id}`),
  );
  const add: ShadowRow[] = [];
  if (copies.loan && !held.has(`loans:${loanId}`))
    add.push({ entity: 'loans', id: loanId, loanId, row: copies.loan });
  for (const row of copies.rows ?? []) {
    if (!held.has(`amortizations:${row.id}`)) add.push({ entity: 'amortizations', id: row.id, loanId, row });
  }
  if (add.length) await db.shadows.bulkPut(add);
}

/** What a pending entry does to the rows, as when it was recorded (record-payment.ts). */
function replay(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  entry: PaymentOutboxEntry,
  today: IsoDate,
) {
  if (entry.name === MUTATION.amortizationUpdate) return applyRowEdit(loan, rows, entry.args, today);
  const { receiptId, amount, fecha, amortizationId } = entry.args;
  return applyPayment(
    loan,
    rows,
    { receiptId, amount: Math.round(amount * 100) as Cents, fecha, amortizationId: amortizationId ?? null },
    today,
  );
}

/** Writes `state` as the loan's rows on the device, removing rows it no longer has. */
async function writeRows(db: LocalDb, loanId: number, loan: LocalLoan | null, rows: LocalAmortization[]) {
  await writeSchedule(db, loanId, rows);
  if (loan) await db.loans.put(loan);
  else await db.loans.delete(loanId);
}

async function rebaseLoan(db: LocalDb, loanId: number, today: IsoDate): Promise<void> {
  const shadows = await db.shadows.where('loanId').equals(loanId).toArray();
  if (shadows.length === 0) return;
  const pending = (await db.outbox.where('loanId').equals(loanId).toArray())
    .filter(isPaymentEntry)
    .filter((e) => e.status === 'pending')
    .sort((a, b) => a.id - b.id);
  const server = await serverState(db, loanId, shadows);
  const serverRows = [...server.rows.values()];

  if (pending.length === 0) {
    // Every edit is answered: the server's copy is the truth again (an absent one: the loan is gone).
    await writeRows(db, loanId, server.loan, serverRows);
    await db.shadows.where('loanId').equals(loanId).delete();
    return;
  }
  // Edits still pending and part of the server's copy absent (a reset's snapshot still on its way, or the
  // loan gone from the server): nothing to replay them on, so the rows stay as the device shows them until
  // the push is answered.
  if (!server.loan || shadows.some((s) => s.row === null)) return;

  let loan = server.loan;
  let rows = serverRows;
  const changedIds = new Set<number>();
  for (const entry of pending) {
    const outcome = replay(loan, rows, entry, today);
    // An edit that no longer applies (the row was paid on the server meanwhile) waits for the server's
    // answer, which will reject it with its reason.
    if (!outcome.ok) continue;
    const byId = new Map(outcome.changed.map((r) => [r.id, r]));
    for (const id of byId.keys()) changedIds.add(id);
    rows = rows.map((r) => byId.get(r.id) ?? r);
    loan = outcome.loan;
  }
  await keepServerCopies(db, loanId, {
    loan: server.loan,
    rows: serverRows.filter((r) => changedIds.has(r.id)),
  });
  await writeRows(db, loanId, loan, rows);
}

/**
 * Rebases each loan that has server copies kept aside. Call inside a read-write transaction over loans,
 * schedules, shadows and outbox.
 */
export async function rebaseLoans(db: LocalDb, loanIds: Iterable<number>, today: IsoDate): Promise<void> {
  for (const loanId of new Set(loanIds)) await rebaseLoan(db, loanId, today);
}

/** Loans whose rows the device holds back from the server's: a server copy kept, or an edit pending. */
export async function heldLoanIds(db: LocalDb): Promise<Set<number>> {
  const ids = new Set<number>();
  await db.shadows.each((s) => ids.add(s.loanId));
  await db.outbox
    .where('status')
    .equals('pending')
    .each((e) => {
      if (isPaymentEntry(e)) ids.add(e.loanId);
    });
  return ids;
}
