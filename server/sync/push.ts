// POST /api/sync/push (DESIGN §4): each mutation in its own transaction, exactly once, in id order.
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { syncMessages as m } from '../../shared/payments/messages';
import type { PushInput } from '../../shared/sync/schemas';
import type { MutationResult, PushResponse } from '../../shared/sync/types';
import type { Sql } from '../db/connect';
import { isBadInputError, isTransientError } from '../db/pg-errors';
import type { AuthInfo } from '../types';
import { applyMutation, SkipMutation } from './mutations';
import { bindClient, lockClient, recordResult, type SyncClientRow, storedResult } from './queries';

type Mutation = PushInput['mutations'][number];

/** What happened, and the client's last processed id afterwards. */
type Step = { kind: 'done'; result: MutationResult; last: number } | { kind: 'gap'; last: number };

/** When it happened on the phone, if it reads as a plausible instant; kept as data, never for ordering. */
export function clientTimeOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 2200 ? null : date;
}

/** A validation or business-rule refusal: the mutation is recorded as rejected and the queue moves on. */
const rejectionReason = (err: unknown): string | null => {
  if (err instanceof AppError) return err.message;
  if (isBadInputError(err)) return mensajes.datosInvalidos;
  return null;
};

interface PushContext {
  auth: AuthInfo;
  clientId: string;
  timeZone: string;
}

/** One mutation, one transaction: lock the client, skip a replay, stop at a gap, else apply and advance. */
function processOne(sql: Sql, ctx: PushContext, mutation: Mutation): Promise<Step> {
  return sql.begin(async (tx): Promise<Step> => {
    const last = await lockClient(tx, ctx.clientId);
    if (mutation.id <= last)
      return { kind: 'done', result: await storedResult(tx, ctx.clientId, mutation.id), last };
    if (mutation.id > last + 1) return { kind: 'gap', last };

    const actor = {
      accountId: ctx.auth.accountId,
      userId: ctx.auth.userId,
      clientId: ctx.clientId,
      mutationId: mutation.id,
      clientTime: clientTimeOf(mutation.clientTime),
      today: businessToday(ctx.timeZone),
      action: mutation.name,
    };
    let result: MutationResult;
    try {
      // A savepoint, so a refused mutation leaves nothing behind but its recorded outcome.
      const status = await tx.savepoint((sp) => applyMutation(sp, actor, mutation.name, mutation.args));
      result = { id: mutation.id, status };
    } catch (err) {
      if (err instanceof SkipMutation) result = { id: mutation.id, status: 'skipped', reason: err.message };
      else {
        const reason = rejectionReason(err);
        if (reason === null) throw err;
        result = { id: mutation.id, status: 'rejected', reason };
      }
    }
    await recordResult(tx, ctx.clientId, mutation.id, mutation.name, result.status, result.reason ?? null);
    return { kind: 'done', result, last: mutation.id };
  });
}

/**
 * Binds the client to the user (another user's client: 403, nothing applied), then processes the mutations
 * in order until the end, a gap, or a failure that is not the mutation's fault (no advance: the client
 * retries from `lastMutationId`).
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
  for (const mutation of input.mutations) {
    let step: Step;
    try {
      step = await processOne(sql, ctx, mutation);
    } catch (err) {
      if (!isTransientError(err))
        console.error('[sync] cambio no aplicado; se reintentará', mutation.id, err);
      stopped = 'transient';
      break;
    }
    lastMutationId = step.last;
    if (step.kind === 'gap') {
      stopped = 'gap';
      break;
    }
    results.push(step.result);
  }
  return { lastMutationId, results, ...(stopped ? { stopped } : {}) };
}
