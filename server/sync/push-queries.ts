// A push's bookkeeping, one statement per transaction rather than one per mutation (decision 015). Each query
// is sent at the call, so the ones called in order travel in order in one round trip (sync/pipelined.ts).
import type { MutationOutcome, MutationResult } from '../../shared/sync/types';
import type { Db } from '../db/connect';

type StoredStatus = MutationOutcome | 'skipped';

/** Locks the client's row for the rest of the transaction (one push of a device at a time); its last id. */
export function lockClientRow(db: Db, clientId: string): Promise<number> {
  return db<{ last_mutation_id: number }[]>`select last_mutation_id from sync_clients
    where client_id = ${clientId} for update`
    .execute()
    .then(([row]) => row!.last_mutation_id);
}

/** How a replay reads: skipped, with what happened the first time when it is known. */
export const replayOf = (
  id: number,
  first: { status: StoredStatus; reason?: string | null } | undefined,
): MutationResult => ({
  id,
  status: 'skipped',
  ...(first ? { outcome: first.status } : {}),
  ...(first?.reason ? { reason: first.reason } : {}),
});

/** The outcomes recorded for those of `mutationIds` the client already sent, as a replay answers them. */
export function storedResults(
  db: Db,
  clientId: string,
  mutationIds: readonly number[],
): Promise<Map<number, MutationResult>> {
  if (mutationIds.length === 0) return Promise.resolve(new Map());
  return db<{ mutation_id: number; status: StoredStatus; reason: string | null }[]>`
    select mutation_id, status, reason from sync_mutation_results
    where client_id = ${clientId} and mutation_id = any(${db.array([...mutationIds])}::bigint[])`
    .execute()
    .then((rows) => new Map(rows.map((r) => [Number(r.mutation_id), replayOf(Number(r.mutation_id), r)])));
}

export interface NewResult {
  id: number;
  name: string;
  status: StoredStatus;
  reason: string | null;
}

/** Records the outcomes and advances the client's last id to `last`, in the push's own transaction. */
export function recordResults(
  db: Db,
  clientId: string,
  results: readonly NewResult[],
  last: number,
): Promise<unknown> {
  if (results.length === 0) return Promise.resolve();
  return db`with recorded as (
      insert into sync_mutation_results (client_id, mutation_id, name, status, reason)
      select ${clientId}::uuid, * from unnest(${db.array(results.map((r) => r.id))}::bigint[],
        ${db.array(results.map((r) => r.name))}::text[], ${db.array(results.map((r) => r.status))}::text[],
        ${db.array(results.map((r) => r.reason) as never[])}::text[])
    )
    update sync_clients set last_mutation_id = ${last}, last_seen_at = now()
    where client_id = ${clientId}`.execute();
}
