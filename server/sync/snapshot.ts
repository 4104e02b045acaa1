// A full download (no cursor, or a reset) as a snapshot instead of a walk of the change stream (decision 018).
// The stream is ordered by (version, entity, id): each page merged nine index walks and sorted them, the
// costliest part of a pull, and a page could not start before the one before it had been read. A snapshot
// instead reads each table in id order within the device's scope, one phase after the other, and ends on a
// stream cursor at the version the account had when it started (V0). Rows written meanwhile are either read
// in their newer state or not at all; either way they carry a version above V0, so the stream from there
// brings them (again, harmlessly) along with every deletion since: nothing committed is ever missed, because
// versions of an account commit in order (decision 002/015) and V0 is read in the first page's snapshot.

import type { SyncChanges } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import { type AmortizationDbRow, amortizationColumns, toAmortization } from '../loans/rows';
import { ENTITIES } from './cursor';
import { scopeOf } from './pull-queries';
import { emptyChanges, fetchEntity } from './pull-rows';
import type { ScopeCuts } from './scope';

/**
 * The order of a snapshot: what the screens need to open first (towns, plans, this week's sheets and their
 * loans' route), then the people, their loans and schedules, the visits and the recent payment events.
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
  'payments',
] as const satisfies readonly (typeof ENTITIES)[number][];

/** Where a snapshot goes on: the phase, the last id (and numero_pago) sent in it, and the version it ends on. */
export interface SnapshotPosition {
  version: number;
  phase: number;
  id: number;
  sub: number;
}

const entityIndex = (name: (typeof SNAPSHOT_PHASES)[number]) => ENTITIES.indexOf(name);

interface Position {
  id: number;
  sub: number;
}

/**
 * The next `limit` rows of one table after `after`, within the device's scope, and where the phase goes on.
 * Tables go in id order. A user limited to some towns gets the schedules loan by loan, from the loans in
 * scope: a collector's few towns then cost their own rows, not a walk of every row of the account (one town
 * of nine on the 20,000-loan tenant: 8 pages in 0.7–1.2 s instead of 1.1–2.1 s, loaded machine). With every
 * town nearly every row is in scope, and the id walk reads them in one index order. The ids and their rows
 * are one query.
 */
async function rowsAfter(
  db: Db,
  accountId: number,
  phase: number,
  after: Position,
  limit: number,
  cuts: ScopeCuts,
): Promise<{ rows: unknown[]; last: Position | null }> {
  const name = SNAPSHOT_PHASES[phase]!;
  if (name === 'amortizations' && cuts.municipalities !== null) {
    // The rows straight from the walk that finds them: fetching the same rows again by id costs a random
    // index lookup each (one town of nine: 70 ms a page instead of 6).
    const found = await db<AmortizationDbRow[]>`select ${amortizationColumns(db)} from loans x
      cross join lateral (select a.* from amortizations a
        where a.loan_id = x.id and a.account_id = x.account_id
          and (x.id > ${after.id} or a.numero_pago > ${after.sub})
        order by a.numero_pago) a
      where x.account_id = ${accountId} and x.id >= ${after.id} ${scopeOf(db, accountId, entityIndex('loans'), cuts)}
      order by x.id, a.numero_pago limit ${limit}`;
    const last = found.at(-1);
    return {
      rows: found.map(toAmortization),
      last: last ? { id: last.loan_id, sub: last.numero_pago } : null,
    };
  }
  const ids = db`select x.id from ${db(name)} x
    where x.account_id = ${accountId} and x.id > ${after.id} ${scopeOf(db, accountId, entityIndex(name), cuts)}
    order by x.id limit ${limit}`;
  const rows = (await fetchEntity(db, accountId, name, ids)) as { id: number }[];
  let last = 0;
  for (const r of rows) if (r.id > last) last = r.id;
  return { rows, last: rows.length > 0 ? { id: last, sub: 0 } : null };
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
  let { phase } = from;
  let at: Position = { id: from.id, sub: from.sub };
  while (phase < SNAPSHOT_PHASES.length && rows < limit) {
    const want = limit - rows;
    const page = await rowsAfter(db, accountId, phase, at, want, cuts);
    if (page.rows.length > 0) {
      (changes[SNAPSHOT_PHASES[phase]!] as unknown[]) = page.rows;
      rows += page.rows.length;
    }
    const { last } = page;
    if (page.rows.length < want || !last) {
      phase += 1;
      at = { id: 0, sub: 0 };
    } else at = last;
  }
  return {
    changes,
    rows,
    next: phase < SNAPSHOT_PHASES.length ? { version: from.version, phase, ...at } : null,
  };
}
