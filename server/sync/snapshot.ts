// A full download (no cursor, or a reset) as a snapshot instead of a walk of the change stream (issue 13).
// The stream is ordered by (version, entity, id): each page merged nine index walks and sorted them, the
// costliest part of a pull, and a page could not start before the one before it had been read. A snapshot
// instead reads each table in id order within the device's scope, one phase after the other, and ends on a
// stream cursor at the version the account had when it started (V0). Rows written meanwhile are either read
// in their newer state or not at all; either way they carry a version above V0, so the stream from there
// brings them (again, harmlessly) along with every deletion since: nothing committed is ever missed, because
// versions of an account commit in order (decision 002/015) and V0 is read in the first page's snapshot.

import type { SyncChanges } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import { ENTITIES } from './cursor';
import { scopeOf } from './pull-queries';
import { emptyChanges, fetchEntity } from './pull-rows';
import type { ScopeCuts } from './scope';

/**
 * The order of a snapshot: what the screens need to open first (towns, plans, this week's sheets and their
 * loans' route), then the people, their loans and schedules, and the visits.
 */
export const SNAPSHOT_PHASES = [
  'municipalities',
  'payment_methods',
  'weekly_sheets',
  'weekly_sheet_loans',
  'clients',
  'loans',
  'amortizations',
  'visits',
] as const satisfies readonly (typeof ENTITIES)[number][];

/** Where a snapshot goes on: the phase, the last id sent in it, and the version it will end on. */
export interface SnapshotPosition {
  version: number;
  phase: number;
  id: number;
}

const entityIndex = (name: (typeof SNAPSHOT_PHASES)[number]) => ENTITIES.indexOf(name);

/** The next `limit` ids of one table after `after`, in id order, within the device's scope. */
async function idsAfter(
  db: Db,
  accountId: number,
  phase: number,
  after: number,
  limit: number,
  cuts: ScopeCuts,
) {
  const name = SNAPSHOT_PHASES[phase]!;
  const rows = await db<{ id: number }[]>`select x.id from ${db(name)} x
    where x.account_id = ${accountId} and x.id > ${after} ${scopeOf(db, entityIndex(name), cuts)}
    order by x.id limit ${limit}`;
  return rows.map((r) => Number(r.id));
}

/**
 * Up to `limit` rows from `from` on, phase after phase; `next` is null when the snapshot is complete. A phase
 * ends when it returns fewer ids than asked, so an empty table costs one query.
 */
export async function snapshotPage(
  db: Db,
  accountId: number,
  from: SnapshotPosition,
  cuts: ScopeCuts,
  limit: number,
): Promise<{ changes: SyncChanges; rows: number; next: SnapshotPosition | null }> {
  const changes = emptyChanges();
  let rows = 0;
  let { phase, id } = from;
  while (phase < SNAPSHOT_PHASES.length && rows < limit) {
    const want = limit - rows;
    const ids = await idsAfter(db, accountId, phase, id, want, cuts);
    if (ids.length > 0) {
      const name = SNAPSHOT_PHASES[phase]!;
      (changes[name] as unknown[]) = await fetchEntity(db, accountId, name, ids);
      rows += ids.length;
    }
    if (ids.length < want) {
      phase += 1;
      id = 0;
    } else id = ids.at(-1)!;
  }
  return {
    changes,
    rows,
    next: phase < SNAPSHOT_PHASES.length ? { version: from.version, phase, id } : null,
  };
}
