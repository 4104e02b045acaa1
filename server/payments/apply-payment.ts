// THE payment edit (DESIGN §5): POST /aplicar-pago, PUT /loans/:loanId/amortizations/:id and the sync
// mutation `amortization.update` all go through `PaymentBatch`, so a payment means the same thing whichever
// way it arrives. This is the online calls' one-edit form.
import type { IsoDate } from '../../shared/dates';
import type { PaymentEdit } from '../../shared/payments/allocate';
import type { Db } from '../db/connect';
import { PaymentBatch, type PaymentChange } from './payment-batch';
import { takeVersionLast } from './queries';

export type { PaymentChange };

/** Who makes the edit, from where, and when (DESIGN §5 audit log). */
export interface PaymentActor {
  accountId: number;
  userId: number;
  /** The device (sync clientId); null for an online call. */
  clientId: string | null;
  mutationId: number | null;
  /** When it happened on the phone; null for an online call. */
  clientTime: Date | null;
  /** The business's today: the paid date when none is given, and the date of the recompute. */
  today: IsoDate;
  /** Recorded as the audit row's action: 'aplicar-pago', 'actualizar-amortizacion', 'amortization.update'. */
  action: string;
  /** The short number of the phone's receipt (shared/receipts), kept on the audit rows; null online. */
  recibo?: string | null;
}

export interface PaymentResult {
  loanId: number;
  /** Every row the edit changed (the target and the rows an excess was carried to), in order. */
  changes: PaymentChange[];
  /** It overrode a change its caller had not seen: applied, and recorded for the office. */
  conflict: boolean;
}

/**
 * Applies `edit` to amortization `amortizationId` of loan `loanId`, in the caller's transaction: locks the
 * loan and its rows, refuses edits of paid or renewed rows and excess money (AppError: 409, 409, 400), writes
 * the changed rows, recomputes the loan's derived fields and appends one audit row per changed row. A loan or
 * row of another account, or of a municipality the user is not assigned, is not found (404). `shownVersion`
 * is the row's version the caller's screen showed (null: not sent): an edit over a change it had not seen is
 * applied and recorded as a conflict, as a phone's is (DESIGN §4).
 */
export async function applyPayment(
  tx: Db,
  actor: PaymentActor,
  loanId: number,
  amortizationId: number,
  edit: PaymentEdit,
  shownVersion: number | null = null,
): Promise<PaymentResult> {
  await takeVersionLast(tx, actor.accountId);
  const batch = new PaymentBatch(
    tx,
    actor.accountId,
    { userId: actor.userId, clientId: actor.clientId },
    actor.today,
  );
  await batch.lock([loanId]);
  const staged = batch.stage(loanId, amortizationId, edit, shownVersion, {
    action: actor.action,
    mutationId: actor.mutationId,
    clientTime: actor.clientTime,
    recibo: actor.recibo ?? null,
  });
  if (!staged.ok) throw staged.error;
  await batch.flush();
  return { loanId, changes: staged.payment.changes, conflict: staged.payment.status === 'conflict' };
}
