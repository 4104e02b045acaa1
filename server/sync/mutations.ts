// The mutations a device may push (DESIGN §4). Names are stable API.
import { AppError } from '../../shared/errors';
import { toPesos } from '../../shared/money';
import { syncMessages as m } from '../../shared/payments/messages';
import { amortizationUpdateMutationSchema } from '../../shared/payments/schemas';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import { CANCELLED_MUTATION, type MutationOutcome } from '../../shared/sync/types';
import { createCashCount } from '../cash-counts/create-cash-count';
import type { Db } from '../db/connect';
import { parseOrThrow } from '../http/validate';
import { applyPayment } from '../payments/apply-payment';
import { createVisit } from '../visits/create-visit';
import { type MutationContext, SkipMutation } from './mutation-context';
import { insertConflict, insertReceipt, otherChangeSince, receiptExists } from './queries';

export { type MutationContext, SkipMutation };

async function amortizationUpdate(db: Db, ctx: MutationContext, rawArgs: unknown): Promise<MutationOutcome> {
  const args = parseOrThrow(amortizationUpdateMutationSchema, rawArgs);
  if (await receiptExists(db, args.receiptId)) throw new SkipMutation(m.reciboDuplicado);
  const edit = { pagada: args.pagada, parcial: args.parcial, fechaPagada: args.fecha_pagada };
  const result = await applyPayment(
    db,
    { ...ctx, recibo: receiptNumber(args.receiptId) },
    args.loanId,
    args.amortizationId,
    edit,
  );
  const stored = await insertReceipt(db, {
    ...ctx,
    receiptId: args.receiptId,
    amortizationId: args.amortizationId,
  });
  if (!stored) throw new SkipMutation(m.reciboDuplicado);

  // Someone else changed the row after the version this edit was made on: the edit still wins (arrival
  // order), and the office gets both values to review (DESIGN §4 conflict policy for money).
  const after = result.changes.find((c) => c.id === args.amortizationId);
  if (!after || result.target.version <= args.baseVersion) return 'applied';
  const other = await otherChangeSince(
    db,
    ctx.accountId,
    args.amortizationId,
    args.baseVersion,
    ctx.clientId,
  );
  if (!other) return 'applied';
  await insertConflict(db, {
    accountId: ctx.accountId,
    loanId: args.loanId,
    amortizationId: args.amortizationId,
    serverValue: after.before,
    clientValue: {
      pagada: args.pagada ?? null,
      parcial: args.parcial === undefined ? null : toPesos(args.parcial),
      fecha_pagada: args.fecha_pagada ?? null,
      baseVersion: args.baseVersion,
    },
    appliedValue: after.after,
    other,
    clientUserId: ctx.userId,
    clientId: ctx.clientId,
    clientTime: ctx.clientTime,
    mutationId: ctx.mutationId,
  });
  return 'conflict';
}

/** Applies one mutation; AppError (validation or a business rule) means rejected with its message. */
export async function applyMutation(
  db: Db,
  ctx: MutationContext,
  name: string,
  args: unknown,
): Promise<MutationOutcome> {
  switch (name) {
    case 'amortization.update':
      return amortizationUpdate(db, { ...ctx, action: name }, args);
    case 'visit.create':
      return createVisit(db, { ...ctx, action: name }, args);
    case 'cash_count.create':
      return createCashCount(db, { ...ctx, action: name }, args);
    case CANCELLED_MUTATION:
      throw new SkipMutation(m.canceladoEnTelefono);
    default:
      throw new AppError('VALIDATION', m.mutacionDesconocida(name));
  }
}
