// 'Deshacer' right after a tap (docs/producto.md §2.5): an entry not yet sent is undone on the phone. Its id
// still goes to the server as a no-op (mutation ids never leave a gap, and an id is never reused for another
// change); the loan's rows go back to the server's copy with the other pending edits replayed on top.
import type { IsoDate } from '../../shared/dates';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import { rebaseLoans } from '../store/rebase';

export type CancelOutcome = 'cancelled' | 'already-sent';

export async function cancelPendingEntry(
  db: LocalDb,
  entryId: number,
  today: IsoDate,
): Promise<CancelOutcome> {
  return db.transaction(
    'rw',
    [db.outbox, ...db.loans.tables, ...db.schedules.tables, db.shadows],
    async () => {
      const entry = await db.outbox.get(entryId);
      if (entry?.status !== 'pending' || entry.cancelled) return 'already-sent';
      await db.outbox.update(entryId, {
        cancelled: true,
        summary: { ...entry.summary, description: `${entry.summary.description} (deshecho)` },
      });
      if (entry.name === MUTATION.paymentRecord || entry.name === MUTATION.amortizationUpdate)
        await rebaseLoans(db, [entry.loanId], today);
      return 'cancelled';
    },
  );
}
