// Sync mutation `cash_count.create` (docs/reglas-del-negocio.md): the recorded cash is the server's figure for that user and
// date, never the phone's; the difference is counted − recorded.
import { cashCountMessages as m } from '../../shared/cash-counts/messages';
import type { CashCountCreateMutation } from '../../shared/cash-counts/schemas';
import { cashCountDateIssue } from '../../shared/date-rules';
import { AppError } from '../../shared/errors';
import { type Cents, toCents, toPesos } from '../../shared/money';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import { appendAudit } from '../audit/append-audit';
import type { Db } from '../db/connect';
import type { MutationContext, Skipped } from '../types';
import { insertCashCount, recordedByMethod } from './queries';

const text = (cents: number) => toPesos(cents as Cents).toFixed(2);

/** `args` as the registry's schema read them (server/sync/mutations.ts). */
export async function createCashCount(
  db: Db,
  ctx: MutationContext,
  args: CashCountCreateMutation,
): Promise<'applied' | Skipped> {
  const dateIssue = cashCountDateIssue(args.fecha, ctx.today);
  if (dateIssue) throw new AppError('VALIDATION', dateIssue);
  const detalle = await recordedByMethod(db, ctx.accountId, ctx.userId, args.fecha);
  const registrado = detalle.reduce((sum, d) => sum + (toCents(d.monto) ?? 0), 0);
  const diferencia = args.contado - registrado;
  const id = await insertCashCount(db, {
    accountId: ctx.accountId,
    userId: ctx.userId,
    fecha: args.fecha,
    registrado: text(registrado),
    detalle,
    contado: text(args.contado),
    diferencia: text(diferencia),
    nota: args.nota,
    receiptId: args.receiptId,
    clientId: ctx.clientId,
    mutationId: ctx.mutationId,
    clientTime: ctx.clientTime,
  });
  if (id === null) return { skipped: m.corteDuplicado };
  await appendAudit(db, ctx, [
    {
      action: ctx.action,
      entity: 'cash_counts',
      entityId: id,
      after: {
        fecha: args.fecha,
        registrado: text(registrado),
        contado: text(args.contado),
        nota: args.nota,
      },
      recibo: receiptNumber(args.receiptId),
    },
  ]);
  return 'applied';
}
