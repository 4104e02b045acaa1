import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import type { LocalDb } from '../../../client/store/database';
import type { LocalAmortization } from '../../../client/store/local-types';
import { getMeta } from '../../../client/store/meta';
import { scheduleOf } from '../../../client/store/schedules';
import { PAGES_AHEAD, type SyncTransport, syncOnce } from '../../../client/sync/run';
import type { PullResponse } from '../../../shared/sync/types';
import { allRows, rowById } from '../helpers/schedule-rows';
import { answerAll, freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const opts = { today: () => TODAY };
const open: LocalDb[] = [];

/** A device that has pulled loan 1 (cursor 'c1'). */
async function syncedDevice() {
  const db = freshDb();
  open.push(db);
  const { loan, rows } = loanFixture(1);
  const { transport } = scriptedTransport({ pull: () => page('c1', { loans: [loan], amortizations: rows }) });
  await syncOnce(db, transport, opts);
  return { db, loan, rows };
}

const row = (db: LocalDb, id: number) => rowById(db, id) as Promise<LocalAmortization>;

/** A transport that answers pulls in two steps (head, then body), as the sync worker's does; page n after 'pn'. */
function headedTransport(
  answer: (n: number) => Awaited<ReturnType<NonNullable<SyncTransport['pullAhead']>>>,
) {
  const asked: (string | number | null | undefined)[] = [];
  const transport: SyncTransport = {
    push: () => Promise.reject(new Error('push no esperado')),
    pull: () => Promise.reject(new Error('sin cabeceras no se pide así')),
    pullAhead: async ({ cursor }) => {
      asked.push(cursor);
      return answer(cursor ? Number(String(cursor).slice(1)) : 0);
    },
  };
  return { transport, asked };
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('a sync run', () => {
  test('pulls a full snapshot, records the cursor and the time', async () => {
    const { db } = await syncedDevice();
    expect(await allRows(db).then((rows) => rows.length)).toBe(14);
    expect(await getMeta(db, 'cursor')).toBe('c1');
    expect(await getMeta(db, 'snapshotComplete')).toBe(true);
    expect(await getMeta(db, 'lastSyncAt')).toEqual(expect.any(String));
  });

  test('a failed push leaves every entry pending and pulls nothing', async () => {
    const { db } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
    const { transport, pulls } = scriptedTransport({
      push: () => {
        throw new Error('Sin conexión');
      },
    });
    await expect(syncOnce(db, transport, opts)).rejects.toThrow('Sin conexión');
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(pulls).toEqual([]);
    expect((await row(db, 101)).pagada).toBe(true);
  });

  test('pushes in id order, then takes the server’s rows and forgets the copies', async () => {
    const { db, loan, rows } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
    const serverRows = rows
      .slice(0, 2)
      .map((r) => ({ ...r, pagada: true, fecha_pagada: '2026-11-19', version: 5 }));
    const { transport, pushes } = scriptedTransport({
      push: answerAll('applied'),
      pull: () =>
        page('c2', { loans: [{ ...loan, version: 5 }], amortizations: serverRows }, { lastMutationId: 2 }),
    });
    await syncOnce(db, transport, opts);
    expect(pushes[0]!.mutations.map((m) => m.id)).toEqual([1, 2]);
    expect(await row(db, 101)).toMatchObject({ pagada: true, fecha_pagada: '2026-11-19', version: 5 });
    expect(await db.shadows.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.status, e.outcome])).toEqual([
      ['synced', 'applied'],
      ['synced', 'applied'],
    ]);
  });

  test('a rejected entry reverts its row to the server’s and stays visible with the reason', async () => {
    const { db } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    const { transport } = scriptedTransport({
      push: answerAll('rejected', 'Esta amortización fue renovada'),
    });
    await syncOnce(db, transport, opts);
    expect(await row(db, 101)).toMatchObject({ pagada: false, fecha_pagada: null });
    expect((await db.loans.get(1))!.pagada).toBe(false);
    expect(await db.outbox.get(1)).toMatchObject({
      status: 'rejected',
      reason: 'Esta amortización fue renovada',
    });
  });

  test('server rows arriving for a loan with a pending edit are kept aside and the edit is replayed on them', async () => {
    const { db, rows } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    const office = { ...rows[1]!, parcial: 30, fecha_pagada: '2026-11-18', version: 3 };
    // The server could not apply our entry yet (a transient stop): it stays pending.
    const first = scriptedTransport({
      push: () => ({ lastMutationId: 0, results: [], stopped: 'transient' }),
    });
    await expect(syncOnce(db, first.transport, opts)).rejects.toThrow('se reintentará');
    // Meanwhile a pull brings the office's change to row 2 (another tab's run, say).
    const { applyPullPage } = await import('../../../client/sync/apply-pull');
    await applyPullPage(db, page('c2', { amortizations: [office] }), TODAY);
    expect((await row(db, 101)).pagada).toBe(true); // our edit, still pending
    expect(await row(db, 102)).toMatchObject({ parcial: 30, version: 3 }); // the office's change
    expect((await db.outbox.get(1))!.status).toBe('pending');
  });

  test('a page that fails midway leaves nothing of it and the previous cursor', async () => {
    const { db } = await syncedDevice();
    const { loan, rows } = loanFixture(2);
    const broken = { ...rows[3], id: undefined } as unknown as LocalAmortization;
    const { transport } = scriptedTransport({
      pull: () => page('c2', { loans: [loan], amortizations: [...rows.slice(0, 3), broken] }),
    });
    await expect(syncOnce(db, transport, opts)).rejects.toThrow();
    expect(await getMeta(db, 'cursor')).toBe('c1');
    expect(await db.loans.get(2)).toBeUndefined();
    expect(await scheduleOf(db, 2).then((rows) => rows.length)).toBe(0);
  });

  test('several pages are pulled until hasMore is false, each with its cursor', async () => {
    const db = freshDb();
    open.push(db);
    const a = loanFixture(1);
    const b = loanFixture(2);
    const pages: Record<string, PullResponse> = {
      start: page('p1', { loans: [a.loan], amortizations: a.rows }, { hasMore: true }),
      p1: page('p2', { loans: [b.loan], amortizations: b.rows }),
    };
    const { transport, pulls } = scriptedTransport({ pull: (cursor) => pages[String(cursor ?? 'start')]! });
    await syncOnce(db, transport, opts);
    expect(pulls).toEqual([null, 'p1']);
    expect(await db.loans.count()).toBe(2);
    expect(await getMeta(db, 'cursor')).toBe('p2');
  });

  test('later pages are asked for while earlier ones are written, never more than PAGES_AHEAD at once', async () => {
    const db = freshDb();
    open.push(db);
    const pageOf = (n: number) => page(`p${n + 1}`, { loans: [loanFixture(n + 1).loan] }, { hasMore: n < 5 });
    const { transport, pulls } = scriptedTransport({
      pull: (cursor) => pageOf(cursor ? Number(String(cursor).slice(1)) : 0),
    });
    const askedWhenWritten: number[] = [];
    await syncOnce(db, transport, { ...opts, onPage: () => askedWhenWritten.push(pulls.length) });
    expect(pulls).toEqual([null, 'p1', 'p2', 'p3', 'p4', 'p5']);
    // The first page's write ran with the next pages already asked for, and the fetcher stayed bounded.
    expect(askedWhenWritten[0]).toBe(PAGES_AHEAD);
    for (const [i, asked] of askedWhenWritten.entries())
      expect(asked).toBeLessThanOrEqual(i + 1 + PAGES_AHEAD);
    expect(await db.loans.count()).toBe(6);
    expect(await getMeta(db, 'cursor')).toBe('p6');
  });

  test("with the answers' headers, the next pages are asked for before any body has arrived", async () => {
    const db = freshDb();
    open.push(db);
    const bodies: (() => void)[] = [];
    const { transport, asked } = headedTransport((n) => {
      const body = page(`p${n + 1}`, { loans: [loanFixture(n + 1).loan] }, { hasMore: n < 2 });
      const arrived = new Promise<PullResponse>((resolve) => bodies.push(() => resolve(body)));
      return { next: { cursor: body.cursor, hasMore: body.hasMore, reset: false }, page: arrived };
    });
    const run = syncOnce(db, transport, opts);
    await vi.waitFor(() => expect(asked).toEqual([null, 'p1', 'p2']));
    expect(await db.loans.count()).toBe(0);
    for (const release of bodies) release();
    await run;
    expect(await db.loans.count()).toBe(3);
    expect(await getMeta(db, 'cursor')).toBe('p3');
  });

  test('an answer without those headers is followed from its body, and a body that fails ends the run', async () => {
    const db = freshDb();
    open.push(db);
    const { transport, asked } = headedTransport((n) =>
      n === 2
        ? {
            next: { cursor: 'p3', hasMore: true, reset: false },
            page: Promise.reject(new Error('cuerpo cortado')),
          }
        : {
            next: null,
            page: Promise.resolve(page(`p${n + 1}`, { loans: [loanFixture(n + 1).loan] }, { hasMore: true })),
          },
    );
    await expect(syncOnce(db, transport, opts)).rejects.toThrow('cuerpo cortado');
    expect(asked.slice(0, 3)).toEqual([null, 'p1', 'p2']);
    expect(await db.loans.count()).toBe(2);
    expect(await getMeta(db, 'cursor')).toBe('p2');
  });

  test('a page that fails while earlier ones are written keeps those and the last of their cursors', async () => {
    const db = freshDb();
    open.push(db);
    const { transport } = scriptedTransport({
      pull: (cursor) => {
        const n = cursor ? Number(String(cursor).slice(1)) : 0;
        if (n === 3) throw new Error('sin conexión');
        return page(`p${n + 1}`, { loans: [loanFixture(n + 1).loan] }, { hasMore: true });
      },
    });
    await expect(syncOnce(db, transport, opts)).rejects.toThrow('sin conexión');
    expect(await db.loans.count()).toBe(3);
    expect(await getMeta(db, 'cursor')).toBe('p3');
  });

  test('a reset clears synced rows but keeps the outbox and the pending loan’s edit', async () => {
    const { db } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    const other = loanFixture(1);
    const { transport } = scriptedTransport({
      push: () => ({ lastMutationId: 0, results: [], stopped: 'transient' }),
    });
    await expect(syncOnce(db, transport, opts)).rejects.toThrow();
    const { applyPullPage } = await import('../../../client/sync/apply-pull');
    await applyPullPage(
      db,
      page('r1', { loans: [other.loan], amortizations: other.rows }, { reset: true }),
      TODAY,
    );
    expect(await db.outbox.count()).toBe(1);
    expect((await row(db, 101)).pagada).toBe(true);
    expect(await allRows(db).then((rows) => rows.length)).toBe(14);
  });

  test('a gap makes the device send again what the server lost, while it still has it', async () => {
    const { db } = await syncedDevice();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    await syncOnce(db, scriptedTransport({ push: answerAll('applied') }).transport, opts);
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
    // The server was restored from a backup taken before mutation 1.
    let calls = 0;
    const { transport, pushes } = scriptedTransport({
      push: (req) =>
        ++calls === 1 ? { lastMutationId: 0, results: [], stopped: 'gap' } : answerAll('applied')(req),
    });
    await syncOnce(db, transport, opts);
    expect(pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([[2], [1, 2]]);
    expect((await db.outbox.toArray()).every((e) => e.status === 'synced')).toBe(true);
  });
});
