// The mutations a device may push (docs/sincronizacion.md). Names are stable API. `amortization.update` is staged with the
// other payments of its push (push-chunk.ts, payments/payment-batch.ts); these are the rest.
import { AppError } from '../../shared/errors';
import { syncMessages as m } from '../../shared/payments/messages';
import { CANCELLED_MUTATION, MUTATION, type MutationOutcome } from '../../shared/sync/types';
import { createCashCount } from '../cash-counts/create-cash-count';
import type { Db } from '../db/connect';
import { createVisit } from '../visits/create-visit';
import { type MutationContext, SkipMutation } from './mutation-context';

export { type MutationContext, SkipMutation };

/** Applies one mutation; AppError (validation or a business rule) means rejected with its message. */
export async function applyMutation(
  db: Db,
  ctx: MutationContext,
  name: string,
  args: unknown,
): Promise<MutationOutcome> {
  switch (name) {
    case MUTATION.visitCreate:
      return createVisit(db, { ...ctx, action: name }, args);
    case MUTATION.cashCountCreate:
      return createCashCount(db, { ...ctx, action: name }, args);
    case CANCELLED_MUTATION:
      throw new SkipMutation(m.canceladoEnTelefono);
    default:
      throw new AppError('VALIDATION', m.mutacionDesconocida(name));
  }
}
