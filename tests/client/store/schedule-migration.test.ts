// Decision 012: a phone that updates the app with payments still queued keeps every one of them. The store
// it had (one record per amortización, schema version 4) is built here with the state the app leaves after
// two offline payments; opening it with the current schema moves the rows into per-loan schedules and the
// next sync delivers both payments once and ends on the server's rows.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { LocalDb } from '../../../client/store/database';
import type { LocalAmortization } from '../../../client/store/local-types';
import { scheduleOf } from '../../../client/store/schedules';
import { syncOnce } from '../../../client/sync/run';
import {
  expectNextSyncDeliversBoth,
  expectQueueKept,
  fillLegacyStore,
  payTwoOffline,
  queueOf,
} from '../helpers/queued-payments';
import { freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

test('the pending outbox, its server copies and the cursor survive the move to schedules; the next sync delivers them once', async () => {
  // What the device held before updating: two loans pulled, two payments recorded offline on loan 1.
  const source = freshDb();
  open.push(source);
  const one = loanFixture(1);
  const two = loanFixture(2);
  await syncOnce(
    source,
    scriptedTransport({
      pull: () => page('c1', { loans: [one.loan, two.loan], amortizations: [...one.rows, ...two.rows] }),
    }).transport,
    { today: () => TODAY },
  );
  await payTwoOffline(source);
  const shownRows: LocalAmortization[] = (await source.schedules.toArray()).flatMap((s) => s.rows);
  const queue = await queueOf(source);
  const name = `legacy-${Date.now()}`;
  await fillLegacyStore(name, 4, { loans: await source.loans.toArray(), amortizations: shownRows }, queue);

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(11);
  expect(db.tables.map((t) => t.name)).not.toContain('amortizations');
  // Everything the user saw and queued is there, unchanged.
  await expectQueueKept(db, queue);
  expect(await scheduleOf(db, 1)).toEqual(
    shownRows.filter((r) => r.loan_id === 1).sort((a, b) => a.id - b.id),
  );
  expect((await scheduleOf(db, 2)).map((r) => r.id)).toEqual(two.rows.map((r) => r.id));
  expect((await scheduleOf(db, 1)).filter((r) => r.pagada).map((r) => r.id)).toEqual([101, 102]);

  // The next sync: both payments go out, once, in order, and the server's rows replace the device's copies.
  await expectNextSyncDeliversBoth(db, one.rows);
});
