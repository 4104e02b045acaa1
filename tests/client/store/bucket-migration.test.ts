// Decision 019: a phone that updates the app with payments still queued keeps every one of them. The store it
// had (schema version 6: a record per client, per loan and per loan's schedule) is built here with the state
// the app leaves after two offline payments; opening it with the current schema moves every row into buckets
// and the next sync delivers both payments once and ends on the server's rows.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { LocalDb } from '../../../client/store/database';
import { scheduleOf } from '../../../client/store/schedules';
import { syncOnce } from '../../../client/sync/run';
import {
  expectNextSyncDeliversBoth,
  expectQueueKept,
  fillLegacyStore,
  payTwoOffline,
  queueOf,
} from '../helpers/queued-payments';
import {
  clientFixture,
  freshDb,
  loanFixture,
  page,
  scriptedTransport,
  TODAY,
} from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

test('clients, loans and schedules move into buckets with the pending outbox intact; the next sync delivers it once', async () => {
  // What the device held before updating: 150 loans pulled (ids over several buckets), two payments offline.
  const source = freshDb();
  open.push(source);
  const fixtures = Array.from({ length: 150 }, (_, k) => loanFixture(k + 1, { client_id: 1000 + k }));
  const clients = fixtures.map((_, k) => clientFixture(1000 + k));
  await syncOnce(
    source,
    scriptedTransport({
      pull: () =>
        page('c1', {
          clients,
          loans: fixtures.map((f) => f.loan),
          amortizations: fixtures.flatMap((f) => f.rows),
        }),
    }).transport,
    { today: () => TODAY },
  );
  await payTwoOffline(source);
  const loans = await source.loans.toArray();
  const schedules = await source.schedules.toArray();
  const queue = await queueOf(source);
  const name = `legacy-v6-${Date.now()}`;
  await fillLegacyStore(name, 6, { clients, loans, schedules }, queue);

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(11);
  const tables = db.tables.map((t) => t.name);
  for (const gone of ['clients', 'loans', 'schedules']) expect(tables).not.toContain(gone);
  // A few records hold them all.
  expect(await db.loan_buckets.count()).toBeLessThan(10);
  // Everything the user saw and queued is there, unchanged.
  expect(await db.loans.toArray()).toEqual(loans);
  expect(await db.schedules.toArray()).toEqual(schedules);
  expect(await db.clients.toArray()).toEqual(clients);
  await expectQueueKept(db, queue);
  expect((await scheduleOf(db, 1)).filter((r) => r.pagada).map((r) => r.id)).toEqual([101, 102]);

  // The next sync: both payments go out, once, in order, and the server's rows replace the device's copies.
  await expectNextSyncDeliversBoth(db, fixtures[0]!.rows);
  // A payment on a loan of another bucket still finds its rows.
  const last = fixtures[149]!;
  expect((await scheduleOf(db, last.loan.id)).map((r) => r.id)).toEqual(last.rows.map((r) => r.id));
});
