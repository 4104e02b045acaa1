// The state an app update must carry over (decisions 012 and 019): two payments recorded offline on loan 1
// (rows 101 and 102), and the sync after the update that must deliver them once each.
import { expect } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import type { LocalDb } from '../../../client/store/database';
import type { LocalAmortization } from '../../../client/store/local-types';
import { getMeta } from '../../../client/store/meta';
import { scheduleOf } from '../../../client/store/schedules';
import { syncOnce } from '../../../client/sync/run';
import { legacyStore } from './legacy-store';
import { answerAll, page, scriptedTransport, TODAY } from './sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };

/** Pays rows 101 and 102 of loan 1 on the device, with no signal: two pending outbox entries. */
export async function payTwoOffline(db: LocalDb): Promise<void> {
  await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
  await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
}

/**
 * The next sync: both payments go out, once, in order, and the server's rows (loan 1's `rows` with 101 and
 * 102 paid) replace the device's copies.
 */
export async function expectNextSyncDeliversBoth(db: LocalDb, rows: readonly LocalAmortization[]) {
  const server = rows.map((r) =>
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
}

/** What a device's queue is: the outbox, the server copies kept aside, and the meta rows (cursor, ids). */
export async function queueOf(db: LocalDb) {
  const queue = {
    outbox: await db.outbox.toArray(),
    shadows: await db.shadows.toArray(),
    meta: await db.meta.toArray(),
  };
  expect(queue.outbox.map((e) => [e.id, e.status])).toEqual([
    [1, 'pending'],
    [2, 'pending'],
  ]);
  return queue;
}

/** Writes `rows` per table and `queue` into a closed store of an earlier schema `version`. */
export async function fillLegacyStore(
  name: string,
  version: Parameters<typeof legacyStore>[1],
  rows: Record<string, readonly unknown[]>,
  queue: Awaited<ReturnType<typeof queueOf>>,
): Promise<void> {
  const legacy = legacyStore(name, version);
  try {
    for (const [table, list] of Object.entries({ ...rows, ...queue }))
      await legacy.table(table).bulkPut([...list]);
  } finally {
    legacy.close();
  }
}

/** The upgraded store kept the queue as it was: nothing queued is lost and nothing is pulled again. */
export async function expectQueueKept(db: LocalDb, queue: Awaited<ReturnType<typeof queueOf>>) {
  expect(await db.outbox.toArray()).toEqual(queue.outbox);
  expect(await db.shadows.toArray()).toEqual(queue.shadows);
  expect(await getMeta(db, 'cursor')).toBe('c1');
  expect(await getMeta(db, 'nextMutationId')).toBe(queue.meta.find((m) => m.key === 'nextMutationId')?.value);
}
