// THE payment edit (DESIGN §5): POST /aplicar-pago, PUT /loans/:loanId/amortizations/:id and the sync
// mutation `amortization.update` all come here, so a payment means the same thing whichever way it arrives.
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { formatCents, toPesos } from '../../shared/money';
import {
  type AllocationRefusal,
  allocatePayment,
  type PaymentEdit,
  type PaymentRow,
} from '../../shared/payments/allocate';
import { paymentMessages as m } from '../../shared/payments/messages';
import type { Db } from '../db/connect';
import { recomputeLoans } from '../loans/recompute';
import {
  appendPaymentAudit,
  lockAccountVersion,
  lockLoanRows,
  type RowSnapshot,
  type StoredPaymentRow,
  writePaymentRows,
} from './queries';

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

export interface PaymentChange {
  id: number;
  numero_pago: number;
  before: RowSnapshot;
  after: RowSnapshot;
}

export interface PaymentResult {
  loanId: number;
  /** The edited row as it was before the edit (its version and last editor decide sync conflicts). */
  target: StoredPaymentRow;
  /** Every row the edit changed (the target and the rows an excess was carried to), in order. */
  changes: PaymentChange[];
}

const snapshot = (row: PaymentRow, version: number): RowSnapshot => ({
  pagada: row.pagada,
  parcial: toPesos(row.parcial),
  fecha_pagada: row.fecha_pagada,
  version,
});

function refusalError(refusal: AllocationRefusal): AppError {
  switch (refusal.kind) {
    case 'not-found':
      return new AppError('NOT_FOUND', m.amortizacionNoEncontrada);
    case 'paid':
      return new AppError('CONFLICT', m.yaPagada);
    case 'renewed':
      return new AppError('CONFLICT', m.renovada);
    case 'excess':
      return new AppError('VALIDATION', m.excedente(formatCents(refusal.excess)));
  }
}

/**
 * Applies `edit` to amortization `amortizationId` of loan `loanId`, in the caller's transaction: locks the
 * loan and its rows, refuses edits of paid or renewed rows and excess money (AppError: 409, 409, 400; the
 * sync records them as rejected), writes the changed rows, recomputes the loan's derived fields and appends
 * one audit row per changed row. A loan or row of another account, or of a municipality the user is not
 * assigned, is not found (404).
 */
export async function applyPayment(
  tx: Db,
  actor: PaymentActor,
  loanId: number,
  amortizationId: number,
  edit: PaymentEdit,
): Promise<PaymentResult> {
  await lockAccountVersion(tx, actor.accountId);
  const loan = await lockLoanRows(tx, actor.accountId, loanId, actor.userId);
  if (!loan) throw new AppError('NOT_FOUND', m.prestamoNoEncontrado);
  const { rows } = loan;
  const allocation = allocatePayment(rows, loan.abono, amortizationId, edit, actor.today);
  if (!allocation.ok) throw refusalError(allocation.refusal);
  const target = rows.find((r) => r.id === amortizationId)!;
  if (allocation.rows.length === 0) return { loanId, target, changes: [] };

  const version = await writePaymentRows(tx, actor.accountId, actor.userId, allocation.rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const changes = allocation.rows.map((after) => {
    const before = byId.get(after.id)!;
    return {
      id: after.id,
      numero_pago: after.numero_pago,
      before: snapshot(before, before.version),
      after: snapshot(after, version),
    };
  });
  await recomputeLoans(tx, actor.accountId, actor.today, [loanId]);
  await appendPaymentAudit(
    tx,
    changes.map((c) => ({
      accountId: actor.accountId,
      userId: actor.userId,
      clientId: actor.clientId,
      mutationId: actor.mutationId,
      entityId: c.id,
      action: actor.action,
      before: c.before,
      after: c.after,
      clientTime: actor.clientTime,
      recibo: actor.recibo ?? null,
    })),
  );
  return { loanId, target, changes };
}
