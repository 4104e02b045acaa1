// POST /api/sync/push (docs/sincronizacion.md): a device's mutations exactly once, in id order, a chunk per transaction.
import { AppError } from '../../shared/errors';
import { syncMessages as m } from '../../shared/payments/messages';
import type { PushInput } from '../../shared/sync/schemas';
import type { MutationResult, PushResponse } from '../../shared/sync/types';
import type { Sql } from '../db/connect';
import { isTransientError } from '../db/pg-errors';
import type { AuthInfo } from '../types';
import { CHUNK_SIZE, type ChunkStep, runChunk } from './push-chunk';
import { bindClient, type SyncClientRow } from './queries';

export { clientTimeOf } from './push-chunk';

/**
 * Binds the client to the user (another user's client: 403, nothing applied), then processes the mutations
 * in order, a chunk per transaction, until the end, a gap, or a failure that is not a mutation's fault (the
 * chunk is undone: the client retries from `lastMutationId`).
 */
export async function processPush(
  sql: Sql,
  auth: AuthInfo,
  input: PushInput,
  opts: { timeZone: string; userAgent: string | null },
): Promise<PushResponse> {
  let bound: SyncClientRow;
  try {
    bound = await bindClient(sql, input.clientId, auth.userId, auth.accountId, opts.userAgent);
  } catch (err) {
    // The database away before the first mutation: the answer of a transient stop, nothing applied. The client's
    // last id is unknown here; 0 is below anything the device knows, and the device only ever raises its copy.
    if (isTransientError(err)) return { lastMutationId: 0, results: [], stopped: 'transient' };
    throw err;
  }
  if (bound.user_id !== auth.userId || bound.account_id !== auth.accountId)
    throw new AppError('FORBIDDEN', m.dispositivoDeOtroUsuario);

  const ctx = { auth, clientId: input.clientId, timeZone: opts.timeZone };
  const results: MutationResult[] = [];
  let lastMutationId = bound.last_mutation_id;
  let stopped: PushResponse['stopped'];
  for (let from = 0; from < input.mutations.length && !stopped; from += CHUNK_SIZE) {
    const chunk = input.mutations.slice(from, from + CHUNK_SIZE);
    let step: ChunkStep;
    try {
      step = await runChunk(sql, ctx, chunk);
    } catch (err) {
      if (!isTransientError(err))
        console.error('[sync] cambios no aplicados; se reintentarán', chunk[0]?.id, err);
      stopped = 'transient';
      break;
    }
    lastMutationId = step.last;
    results.push(...step.results);
    if (step.gap) stopped = 'gap';
  }
  return { lastMutationId, results, ...(stopped ? { stopped } : {}) };
}
