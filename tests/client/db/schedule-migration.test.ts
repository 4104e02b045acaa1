// Decision 012: a phone that updates the app with payments still queued keeps every one of them. The store
// it had (one record per amortización, schema version 4) is built here with the state the app leaves after
// two offline payments; opening it with the current schema moves the rows into per-loan schedules and the
// next sync delivers both payments once and ends on the server's rows.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { LocalDb } from '../../../client/db/database';
import type { LocalAmortization, OutboxEntry } from '../../../client/db/local-types';
import { getMeta } from '../../../client/db/meta';
import { recordPayment } from '../../../client/db/record-payment';
import { scheduleOf } from '../../../client/db/schedules';
import { syncOnce } from '../../../client/db/sync-run';
import { legacyStore } from '../helpers/legacy-store';
import { answerAll, freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };

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
  await recordPayment(source, { loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
  await recordPayment(source, { loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
  const shownRows: LocalAmortization[] = (await source.schedules.toArray()).flatMap((s) => s.rows);
  const outbox: OutboxEntry[] = await source.outbox.toArray();
  const shadows = await source.shadows.toArray();
  const meta = await source.meta.toArray();
  expect(outbox.map((e) => [e.id, e.status])).toEqual([
    [1, 'pending'],
    [2, 'pending'],
  ]);

  const name = `legacy-${Date.now()}`;
  const legacy = legacyStore(name, 4);
  open.push(legacy);
  await legacy.table('loans').bulkPut(await source.loans.toArray());
  await legacy.table('amortizations').bulkPut(shownRows);
  await legacy.table('outbox').bulkPut(outbox);
  await legacy.table('shadows').bulkPut(shadows);
  await legacy.table('meta').bulkPut(meta);
  legacy.close();

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(8);
  expect(db.tables.map((t) => t.name)).not.toContain('amortizations');
  // Everything the user saw and queued is there, unchanged.
  expect(await db.outbox.toArray()).toEqual(outbox);
  expect(await db.shadows.toArray()).toEqual(shadows);
  expect(await getMeta(db, 'cursor')).toBe('c1');
  expect(await getMeta(db, 'nextMutationId')).toBe(await getMeta(source, 'nextMutationId'));
  expect(await scheduleOf(db, 1)).toEqual(
    shownRows.filter((r) => r.loan_id === 1).sort((a, b) => a.id - b.id),
  );
  expect((await scheduleOf(db, 2)).map((r) => r.id)).toEqual(two.rows.map((r) => r.id));
  expect((await scheduleOf(db, 1)).filter((r) => r.pagada).map((r) => r.id)).toEqual([101, 102]);

  // The next sync: both payments go out, once, in order, and the server's rows replace the device's copies.
  const server = one.rows.map((r) =>
    r.id === 101 || r.id === 102 ? { ...r, pagada: true, fecha_pagada: TODAY, version: r.version + 1 } : r,
  );
  const { transport, pushes } = scriptedTransport({
    push: answerAll('applied'),
    pull: () => page('c2', { amortizations: server }, { lastMutationId: 2 }),
  });
  await syncOnce(db, transport, { today: () => TODAY });
  expect(pushes.flatMap((p) => p.mutations.map((m) => m.id))).toEqual([1, 2]);
  expect((await db.outbox.toArray()).map((e) => [e.id, e.status])).toEqual([
    [1, 'synced'],
    [2, 'synced'],
  ]);
  expect(await db.shadows.count()).toBe(0);
  expect(await scheduleOf(db, 1)).toEqual(server);
});
