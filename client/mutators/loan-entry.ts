// What a visit and a client's place have in common on the phone: an outbox entry about one loan that changes no
// row there, queued in one transaction with the loan's reference and client name for Sincronización.
import { paymentMessages as m } from '../../shared/payments/messages';
import type { LocalDb } from '../store/database';
import type { ClientLocationOutboxEntry, VisitOutboxEntry } from '../store/local-types';
import { takeMutationId } from '../store/meta';

type LoanEntry = VisitOutboxEntry | ClientLocationOutboxEntry;

export type QueuedLoanEntry =
  | { ok: true; entryId: number; receiptId: string }
  | { ok: false; message: string };

/** Queues `make(receiptId)` for loan `loanId`; refused (nothing queued) when the phone does not hold the loan. */
export function queueLoanEntry<E extends LoanEntry>(
  db: LocalDb,
  loanId: number,
  ctx: { userId: number; now: Date },
  make: (receiptId: string) => { name: E['name']; args: E['args']; description: string },
): Promise<QueuedLoanEntry> {
  return db.transaction('rw', [...db.loans.tables, ...db.clients.tables, db.outbox, db.meta], async () => {
    const loan = await db.loans.get(loanId);
    if (!loan) return { ok: false, message: m.prestamoNoEncontrado };
    const client = await db.clients.get(loan.client_id);
    const id = await takeMutationId(db);
    const receiptId = crypto.randomUUID();
    const { name, args, description } = make(receiptId);
    const entry = {
      id,
      name,
      args,
      clientTime: ctx.now.toISOString(),
      status: 'pending',
      summary: { loanReference: loan.loan_reference, clientName: client?.nombre ?? '', description },
      loanId,
      amortizationIds: [],
      userId: ctx.userId,
    } as E;
    await db.outbox.add(entry);
    return { ok: true, entryId: id, receiptId };
  });
}
