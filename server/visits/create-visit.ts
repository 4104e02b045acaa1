// Sync mutation `visit.create` (docs/reglas-del-negocio.md): a call on a client that brought no payment, exactly once.
import { visitDateIssue } from '../../shared/date-rules';
import { AppError } from '../../shared/errors';
import { paymentMessages } from '../../shared/payments/messages';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import { visitMessages as m } from '../../shared/visits/messages';
import type { VisitCreateMutation } from '../../shared/visits/schemas';
import { appendAudit } from '../audit/append-audit';
import type { Db } from '../db/connect';
import type { MutationContext, Skipped } from '../types';
import { insertVisit, loanVisibleTo } from './queries';

/** `args` as the registry's schema read them (server/sync/mutations.ts). */
export async function createVisit(
  db: Db,
  ctx: MutationContext,
  args: VisitCreateMutation,
): Promise<'applied' | Skipped> {
  // The promise's date is the schema's (shared/visits/schemas.ts); the visit's depends on today.
  const dateIssue = visitDateIssue(args.fecha, ctx.today);
  if (dateIssue) throw new AppError('VALIDATION', dateIssue);
  if (!(await loanVisibleTo(db, ctx.accountId, ctx.userId, args.loanId)))
    throw new AppError('NOT_FOUND', paymentMessages.prestamoNoEncontrado);
  const id = await insertVisit(db, {
    accountId: ctx.accountId,
    loanId: args.loanId,
    userId: ctx.userId,
    motivo: args.motivo,
    fecha: args.fecha,
    fechaPromesa: args.fecha_promesa,
    nota: args.nota,
    receiptId: args.receiptId,
    clientId: ctx.clientId,
    mutationId: ctx.mutationId,
    clientTime: ctx.clientTime,
    location: args.ubicacion,
  });
  if (id === null) return { skipped: m.visitaDuplicada };
  await appendAudit(db, ctx, [
    {
      action: ctx.action,
      entity: 'visits',
      entityId: id,
      after: {
        loan_id: args.loanId,
        motivo: args.motivo,
        fecha: args.fecha,
        fecha_promesa: args.fecha_promesa,
        nota: args.nota,
      },
      recibo: receiptNumber(args.receiptId),
    },
  ]);
  return 'applied';
}
