// The online row edit (POST /aplicar-pago, PUT /loans/:loanId/amortizations/:id, docs/producto.md §7): the same events as a
// device's `amortization.update` (payments/ledger-batch.ts), with a receipt made here and no device.
import type { IsoDate } from '../../shared/dates';
import type { PaymentEdit } from '../../shared/payments/row-edit';
import type { Db } from '../db/connect';
import { takeVersionLast } from '../sync/account-version';
import { pipelined } from '../sync/pipelined';
import { type EventAuthor, LedgerBatch, type RowChange } from './ledger-batch';

export interface RowEditResult {
  loanId: number;
  /** Every row the edit changed, in order (the target and the rows its money reached). */
  changes: RowChange[];
  /** It was made over a correction its author had not seen: applied, and listed for the office. */
  conflict: boolean;
}

/**
 * Applies `edit` to row `amortizationId` of loan `loanId` in the caller's transaction. A loan or row of another
 * account, or of a municipality the user is not assigned, is not found (404); paid and renewed rows are locked
 * (409); money above what the loan owes is refused (400). `shownVersion`: the row's version the screen showed.
 */
export async function applyRowEdit(
  tx: Db,
  author: EventAuthor & { accountId: number; today: IsoDate },
  loanId: number,
  amortizationId: number,
  edit: PaymentEdit,
  shownVersion: number | null = null,
): Promise<RowEditResult> {
  await takeVersionLast(tx, author.accountId);
  const batch = new LedgerBatch(tx, author.accountId, author, author.today);
  await batch.lock([loanId]);
  const outcome = batch.editRow(loanId, amortizationId, edit, shownVersion, crypto.randomUUID(), {
    mutationId: null,
    clientTime: null,
  });
  if (!outcome.ok) throw outcome.error;
  await pipelined(batch.write());
  return { loanId, changes: outcome.staged.changes, conflict: outcome.staged.status === 'conflict' };
}
