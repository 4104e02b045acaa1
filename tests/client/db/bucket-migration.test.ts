// Decision 019: a phone that updates the app with payments still queued keeps every one of them. The store it
// had (schema version 6: a record per client, per loan and per loan's schedule) is built here with the state
// the app leaves after two offline payments; opening it with the current schema moves every row into buckets
// and the next sync delivers both payments once and ends on the server's rows.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { LocalDb } from '../../../client/db/database';
import type { OutboxEntry } from '../../../client/db/local-types';
import { getMeta } from '../../../client/db/meta';
import { recordPayment } from '../../../client/db/record-payment';
import { scheduleOf } from '../../../client/db/schedules';
import { syncOnce } from '../../../client/db/sync-run';
import { legacyStore } from '../helpers/legacy-store';
import {
  answerAll,
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

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };

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
  await recordPayment(source, { loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
  await recordPayment(source, { loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
  const loans = await source.loans.toArray();
  const schedules = await source.schedules.toArray();
  const outbox: OutboxEntry[] = await source.outbox.toArray();
  const shadows = await source.shadows.toArray();
  const meta = await source.meta.toArray();
  expect(outbox.map((e) => [e.id, e.status])).toEqual([
    [1, 'pending'],
    [2, 'pending'],
  ]);

  const name = `legacy-v6-${Date.now()}`;
  const legacy = legacyStore(name, 6);
  open.push(legacy);
  await legacy.table('clients').bulkPut(await source.clients.toArray());
  await legacy.table('loans').bulkPut(loans);
  await legacy.table('schedules').bulkPut(schedules);
  await legacy.table('outbox').bulkPut(outbox);
  await legacy.table('shadows').bulkPut(shadows);
  await legacy.table('meta').bulkPut(meta);
  legacy.close();

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(8);
  const tables = db.tables.map((t) => t.name);
  for (const gone of ['clients', 'loans', 'schedules']) expect(tables).not.toContain(gone);
  // A few records hold them all.
  expect(await db.loan_buckets.count()).toBeLessThan(10);
  // Everything the user saw and queued is there, unchanged.
  expect(await db.loans.toArray()).toEqual(loans);
  expect(await db.schedules.toArray()).toEqual(schedules);
  expect(await db.clients.toArray()).toEqual(clients);
  expect(await db.outbox.toArray()).toEqual(outbox);
  expect(await db.shadows.toArray()).toEqual(shadows);
  expect(await getMeta(db, 'cursor')).toBe('c1');
  expect(await getMeta(db, 'nextMutationId')).toBe(await getMeta(source, 'nextMutationId'));
  expect((await scheduleOf(db, 1)).filter((r) => r.pagada).map((r) => r.id)).toEqual([101, 102]);

  // The next sync: both payments go out, once, in order, and the server's rows replace the device's copies.
  const one = fixtures[0]!;
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
  // A payment on a loan of another bucket still finds its rows.
  const last = fixtures[149]!;
  expect((await scheduleOf(db, last.loan.id)).map((r) => r.id)).toEqual(last.rows.map((r) => r.id));
});
