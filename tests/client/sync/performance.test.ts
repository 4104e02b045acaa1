// What the browser benchmark (tests/bench/browser-sync.bench.ts) changed in the device store: pull pages are
// fetched ahead of the writes, a payment that leaves its loan as it was does not rewrite the loan (every
// live read of the loans table would run again), and an edit's debounce is not announced as a retry.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import { ApiError } from '../../../client/session/api-error';
import type { LocalDb } from '../../../client/store/database';
import type { LocalAmortization } from '../../../client/store/local-types';
import { getMeta, setMeta } from '../../../client/store/meta';
import { putScheduleRows } from '../../../client/store/schedules';
import { SyncEngine } from '../../../client/sync/engine';
import { DOWNLOAD_LIMIT, PULL_LIMIT, syncOnce } from '../../../client/sync/run';
import { MAX_PULL_LIMIT } from '../../../shared/sync/schemas';
import type { PullRequest, PullResponse } from '../../../shared/sync/types';
import { allRows, rowById } from '../helpers/schedule-rows';
import { freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const open: LocalDb[] = [];

function device() {
  const db = freshDb();
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  vi.unstubAllGlobals();
});

describe('pull pages', () => {
  test('a full download asks for DOWNLOAD_LIMIT rows a page, the change stream for PULL_LIMIT, within what the server allows', async () => {
    expect(PULL_LIMIT).toBeLessThanOrEqual(MAX_PULL_LIMIT);
    expect(DOWNLOAD_LIMIT).toBeLessThanOrEqual(MAX_PULL_LIMIT);
    const db = device();
    const limits: number[] = [];
    let answers = [page('s1', {}, { hasMore: true }), page('c1')];
    const transport = {
      push: async () => ({ lastMutationId: 0, results: [] }),
      pull: async (req: PullRequest) => {
        limits.push(req.limit ?? Number.NaN);
        return answers.shift()!;
      },
    };
    await syncOnce(db, transport, { today: () => TODAY });
    // With a cursor: the stream; a reset on its first page turns the rest into a full download.
    answers = [page('c2', {}, { hasMore: true, reset: true }), page('c3')];
    await syncOnce(db, transport, { today: () => TODAY });
    expect(limits).toEqual([DOWNLOAD_LIMIT, DOWNLOAD_LIMIT, PULL_LIMIT, DOWNLOAD_LIMIT]);
  });

  test('the next page is asked for before this one is written, with this one’s cursor', async () => {
    const db = device();
    const a = loanFixture(1);
    const b = loanFixture(2);
    const order: string[] = [];
    const answers: Record<string, PullResponse> = {
      start: page('p1', { loans: [a.loan], amortizations: a.rows }, { hasMore: true }),
      p1: page('p2', { loans: [b.loan], amortizations: b.rows }),
    };
    const { transport, pulls } = scriptedTransport({
      pull: async (cursor) => {
        order.push(`pull ${cursor ?? 'start'}: ${await db.loans.count()} préstamos guardados`);
        return answers[String(cursor ?? 'start')]!;
      },
    });
    await syncOnce(db, transport, { today: () => TODAY });
    expect(pulls).toEqual([null, 'p1']);
    expect(order).toEqual(['pull start: 0 préstamos guardados', 'pull p1: 0 préstamos guardados']);
    expect(await db.loans.count()).toBe(2);
    expect(await getMeta(db, 'cursor')).toBe('p2');
  });

  test('a page that fails to apply drops the page asked for after it; the cursor stays before it', async () => {
    const db = device();
    const a = loanFixture(1);
    const b = loanFixture(2);
    const broken = { ...b.rows[0], id: undefined } as unknown as LocalAmortization;
    const answers: Record<string, PullResponse> = {
      start: page('p1', { loans: [a.loan], amortizations: a.rows }, { hasMore: true }),
      p1: page('p2', { loans: [b.loan], amortizations: [broken] }, { hasMore: true }),
      p2: page('p3', { loans: [loanFixture(3).loan] }),
    };
    const { transport, pulls } = scriptedTransport({ pull: (cursor) => answers[String(cursor ?? 'start')]! });
    await expect(syncOnce(db, transport, { today: () => TODAY })).rejects.toThrow();
    expect(pulls).toEqual([null, 'p1', 'p2']);
    expect(await getMeta(db, 'cursor')).toBe('p1');
    expect((await db.loans.toArray()).map((l) => l.id)).toEqual([1]);
  });

  test('a lost answer for the page asked ahead fails the run after the page before it is kept', async () => {
    const db = device();
    const a = loanFixture(1);
    const { transport } = scriptedTransport({
      pull: (cursor) => {
        if (cursor === 'p1') throw new Error('sin conexión');
        return page('p1', { loans: [a.loan], amortizations: a.rows }, { hasMore: true });
      },
    });
    await expect(syncOnce(db, transport, { today: () => TODAY })).rejects.toThrow('sin conexión');
    expect(await getMeta(db, 'cursor')).toBe('p1');
    expect(await allRows(db).then((rows) => rows.length)).toBe(14);
  });
});

describe('recording a payment', () => {
  async function seeded() {
    const db = device();
    const { loan, rows } = loanFixture(1);
    await db.loans.put(loan);
    await putScheduleRows(db, rows);
    return db;
  }

  test('a payment that leaves the loan as it was does not write the loan', async () => {
    const db = await seeded();
    const before = await db.loans.get(1);
    const put = vi.spyOn(db.loans, 'put');
    expect(
      await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx),
    ).toEqual({
      ok: true,
      entryId: 1,
    });
    expect(put).not.toHaveBeenCalled();
    expect(await db.loans.get(1)).toEqual(before);
    expect((await rowById(db, 101))!.pagada).toBe(true);
  });

  test('the payment that settles the loan writes it, paid', async () => {
    const db = await seeded();
    for (let k = 1; k < 14; k++)
      await recordPayment(
        db,
        { kind: 'fila', loanId: 1, amortizationId: 100 + k, edit: { pagada: true } },
        ctx,
      );
    const put = vi.spyOn(db.loans, 'put');
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 114, edit: { pagada: true } }, ctx);
    expect(put).toHaveBeenCalledTimes(1);
    expect((await db.loans.get(1))!.pagada).toBe(true);
  });
});

describe('the sync engine’s status', () => {
  function engineWith(
    pull: () => Promise<PullResponse>,
    firstRun = (task: () => void) => {
      task();
      return () => {};
    },
  ) {
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    vi.stubGlobal('document', {
      addEventListener: () => {},
      removeEventListener: () => {},
      visibilityState: 'visible',
    });
    vi.stubGlobal('navigator', { onLine: true });
    const db = device();
    const push = async () => ({ lastMutationId: 0, results: [] });
    const run = () => syncOnce(db, { push, pull }, { today: () => TODAY }).then(() => {});
    const engine = new SyncEngine(db, run, { lockName: 'prueba', firstRun });
    const seen: ReturnType<SyncEngine['getStatus']>[] = [];
    engine.subscribe(() => seen.push(engine.getStatus()));
    return { engine, seen, db };
  }

  test('the first run waits for the moment it is given (the app opens on its screen first)', async () => {
    let later: (() => void) | null = null;
    const pulls: number[] = [];
    const { engine, seen } = engineWith(
      async () => {
        pulls.push(1);
        return page('c1');
      },
      (task) => {
        later = task;
        return () => {};
      },
    );
    engine.start();
    expect(engine.getStatus().running).toBe(false);
    expect(pulls).toEqual([]);
    later!();
    await vi.waitFor(() => expect(pulls).toEqual([1]));
    await vi.waitFor(() => expect(seen.at(-1)?.running).toBe(false));
    engine.stop();
  });

  test('an edit’s short wait before syncing is not a retry and re-renders nothing', () => {
    const { engine, seen } = engineWith(() => new Promise<PullResponse>(() => {}));
    engine.start();
    engine.afterLocalEdit();
    expect(engine.getStatus()).toEqual({ running: false, nextRetryAt: null, progress: null });
    expect(seen).toEqual([]);
    engine.stop();
  });

  test('a run that fails offline leaves `meta` unwritten when it already says no error', async () => {
    const { engine, db } = engineWith(async () => {
      throw new ApiError('Sin conexión', { code: 'OFFLINE' });
    });
    await setMeta(db, 'lastError', null);
    const writes: string[] = [];
    db.meta.hook('creating', (key) => {
      writes.push(String(key));
    });
    db.meta.hook('updating', (_changes, key) => {
      writes.push(String(key));
    });
    engine.start();
    await vi.waitFor(() => expect(engine.getStatus().nextRetryAt).not.toBeNull());
    engine.stop();
    // Every start offline fails the same way: writing the same null again woke every reader of `meta`.
    expect(writes.filter((k) => k === 'lastError')).toEqual([]);
  });

  test('an app opened with no signal starts no run until the signal returns', async () => {
    const pulls: number[] = [];
    const { engine, seen } = engineWith(async () => {
      pulls.push(1);
      return page('c1');
    });
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('window', {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: () => {},
    });
    vi.stubGlobal('navigator', { onLine: false });
    engine.start();
    // A run would have started on the next task: it boots the sync worker and reads the store only to fail,
    // while the collector opens Cobranza.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
    expect(pulls).toEqual([]);
    vi.stubGlobal('navigator', { onLine: true });
    listeners.get('online')!();
    await vi.waitFor(() => expect(pulls).toEqual([1]));
    engine.stop();
  });

  test('a failed run retries after its backoff, not at once, and says when', async () => {
    const { engine, seen } = engineWith(async () => {
      throw new Error('El servidor no respondió');
    });
    const asked = Date.now();
    engine.start(); // its first run fails
    await vi.waitFor(() => expect(engine.getStatus().nextRetryAt).not.toBeNull());
    const status = engine.getStatus();
    engine.stop();
    expect(seen.map((s) => s.running)).toEqual([true, false, false]);
    // backoffDelay(1): 2 s ± 25 %.
    expect(status.nextRetryAt! - asked).toBeGreaterThanOrEqual(1500);
  });
});
