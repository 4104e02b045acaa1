// The conflict policy for money (DESIGN §4), for a device's push and for the online calls alike: an edit made
// over a value its author had not seen is applied in arrival order, and both values are kept for the office.
import type { Db } from '../db/connect';
import type { RowSnapshot } from './queries';

/** Who edits: a device, or (clientId null) a user on the online screens. */
export interface EditAuthor {
  userId: number;
  clientId: string | null;
}

/** What must be looked up to judge an edit, or null when its base is the row's version (nothing to judge). */
export interface ConflictCheck {
  /** Changes of the row stamped after this version, by someone else, are the ones the author had not seen. */
  since: number;
  /**
   * The base is above any version the row had (forged, buggy, or from before the database was restored): not
   * taken as current, it is a conflict even when no one else's change explains it (decision 015).
   */
  forged: boolean;
}

/**
 * `base` is the row's version the author's screen showed; `committed`, the row's version before this
 * transaction. A null base (an online caller that sends none) counts as having seen all but the row's last
 * change: overriding someone else's last change is recorded, one's own is not.
 */
export function conflictCheck(committed: number, base: number | null): ConflictCheck | null {
  if (base === null) return { since: committed - 1, forged: false };
  if (base > committed) return { since: -1, forged: true };
  if (base < committed) return { since: base, forged: false };
  return null;
}

export interface OtherChange {
  user_id: number | null;
  client_id: string | null;
  server_time: Date;
}

/**
 * For each item, the latest change of the row stamped after `since` by someone other than `author` (another
 * device, another user online, or any device for an online author), or undefined. One statement for all.
 */
export function otherChangesSince(
  db: Db,
  accountId: number,
  author: EditAuthor,
  items: readonly { amortizationId: number; since: number }[],
): Promise<(OtherChange | undefined)[]> {
  if (items.length === 0) return Promise.resolve([]);
  return db<(OtherChange & { i: number })[]>`
    select t.i, o.user_id, o.client_id, o.server_time
    from unnest(${db.array(items.map((x) => x.amortizationId))}::bigint[],
      ${db.array(items.map((x) => x.since))}::bigint[]) with ordinality as t(amortization_id, since, i)
    cross join lateral (
      select a.user_id, a.client_id, a.server_time from audit_log a
      where a.account_id = ${accountId} and a.entity = 'amortizations' and a.entity_id = t.amortization_id
        and (a.after->>'version')::bigint > t.since
        and not (a.client_id is not distinct from ${author.clientId}::uuid
          and (${author.clientId}::uuid is not null or a.user_id = ${author.userId}))
      order by a.id desc
      limit 1
    ) o`
    .execute()
    .then((found) => {
      const byIndex = new Map(found.map(({ i, ...o }) => [Number(i), o]));
      return items.map((_, i) => byIndex.get(i + 1));
    });
}

export interface ConflictRecord {
  accountId: number;
  loanId: number;
  amortizationId: number;
  serverValue: RowSnapshot;
  clientValue: Record<string, unknown>;
  appliedValue: RowSnapshot;
  /** Null when no one else's change explains it (a forged base over the author's own or no change). */
  other: OtherChange | null;
  clientUserId: number;
  clientId: string | null;
  clientTime: Date | null;
  mutationId: number | null;
}

/** Stores the conflicts; a snapshot version of PENDING_VERSION is stored as the transaction's (sql/015). */
export function insertConflicts(db: Db, records: readonly ConflictRecord[]): Promise<unknown> {
  if (records.length === 0) return Promise.resolve();
  const column = <T>(pick: (r: ConflictRecord) => T) => db.array(records.map(pick) as never[]);
  return db`insert into sync_conflicts (account_id, loan_id, amortization_id, server_value, client_value,
      applied_value, server_user_id, server_changed_at, server_client_id, client_user_id, client_id,
      client_time, mutation_id)
    select r.account_id, r.loan_id, r.amortization_id, sync_stamp_json(r.server_value, r.account_id),
      r.client_value, sync_stamp_json(r.applied_value, r.account_id), r.server_user_id, r.server_changed_at,
      r.server_client_id, r.client_user_id, r.client_id, r.client_time, r.mutation_id
    from unnest(
      ${column((r) => r.accountId)}::bigint[],
      ${column((r) => r.loanId)}::bigint[],
      ${column((r) => r.amortizationId)}::bigint[],
      ${column((r) => JSON.stringify(r.serverValue))}::jsonb[],
      ${column((r) => JSON.stringify(r.clientValue))}::jsonb[],
      ${column((r) => JSON.stringify(r.appliedValue))}::jsonb[],
      ${column((r) => r.other?.user_id ?? null)}::bigint[],
      ${column((r) => r.other?.server_time.toISOString() ?? null)}::timestamptz[],
      ${column((r) => r.other?.client_id ?? null)}::uuid[],
      ${column((r) => r.clientUserId)}::bigint[],
      ${column((r) => r.clientId)}::uuid[],
      ${column((r) => r.clientTime?.toISOString() ?? null)}::timestamptz[],
      ${column((r) => r.mutationId)}::bigint[]
    ) with ordinality as r(account_id, loan_id, amortization_id, server_value, client_value, applied_value,
      server_user_id, server_changed_at, server_client_id, client_user_id, client_id, client_time,
      mutation_id, n)
    order by r.n`.execute();
}
