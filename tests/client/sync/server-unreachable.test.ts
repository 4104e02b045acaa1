// Issue 30 item 5: the phone has a network but the server cannot be reached (a dead link, a captive portal, the
// server down: navigator.onLine stays true). The engine, driven through the worker's real HTTP transport over a
// fake fetch, says so with the time it started, probes again at 2 s, 4 s, 8 s … 60 s, and a run that reaches the
// server again clears it; the queued payment goes out once. Fake timers: what is asserted is which attempts
// were scheduled when, never how long anything took.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { indicatorState } from '../../../client/layout/sync-indicator-state';
import { recordPayment } from '../../../client/mutators/record-payment';
import type { LocalDb } from '../../../client/store/database';
import { getMeta } from '../../../client/store/meta';
import { MAX_BACKOFF_MS, SyncEngine } from '../../../client/sync/engine';
import { syncOnce } from '../../../client/sync/run';
import { postsWithToken, SYNC_TIMEOUT_MS, syncTransportOver } from '../../../client/sync/transport';
import { storedSyncStatus } from '../../../client/sync/use-sync-status';
import { formatDateTime } from '../../../shared/dates';
import type { PushRequest } from '../../../shared/sync/types';
import { answerAll, freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

/** 10:42 on the phone's clock, whatever the zone the tests run in. */
const START = new Date(2026, 10, 20, 10, 42, 0);
const open: LocalDb[] = [];

type Server = (path: string, init: RequestInit) => Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What answers (or does not) when the phone calls the API. */
const down: Server = () => Promise.reject(new TypeError('Failed to fetch'));
const failures: Record<string, Server> = {
  'a network error (no route, a captive portal’s certificate)': down,
  'a gateway whose server is away (502)': async () => new Response('<h1>Bad Gateway</h1>', { status: 502 }),
  'the server’s own “try again in a moment” (503)': async () =>
    json({ error: 'La base de datos no responde; intente de nuevo en un momento', code: 'UNAVAILABLE' }, 503),
  'a gateway that gave up waiting (504)': async () => new Response('', { status: 504 }),
  'no answer at all until the request times out': (_path, init) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }),
};

/** The server answering again: every push applied, every pull an empty page. */
function upServer() {
  const pushes: PushRequest[] = [];
  const server: Server = async (path, init) => {
    if (path.endsWith('/sync/push')) {
      const request = JSON.parse(String(init.body)) as PushRequest;
      pushes.push(request);
      return json(answerAll('applied')(request));
    }
    return json(page('c2'));
  };
  return { server, pushes };
}

/** Real ticks (fake-indexeddb answers on setImmediate, left real) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error('never happened');
}

/** A phone that pulled loan 1 and then queued a payment on it. */
async function phoneWithQueuedPayment() {
  const db = freshDb();
  open.push(db);
  const { loan, rows } = loanFixture(1);
  const { transport } = scriptedTransport({ pull: () => page('c1', { loans: [loan], amortizations: rows }) });
  await syncOnce(db, transport, { today: () => TODAY });
  await recordPayment(
    db,
    { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } },
    { userId: 7, today: TODAY, now: new Date() },
  );
  return db;
}

/** The engine as the app builds it, with the sync worker's transport over `fetch`, and no jitter. */
function engineFor(db: LocalDb, listeners: Map<string, () => void>) {
  let server: Server = down;
  const calls: { path: string; at: number }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ path: url, at: Date.now() });
    return server(url, init);
  });
  const posts = postsWithToken(async () => 'token');
  const transport = syncTransportOver(posts.json, posts.response);
  let settled = 0;
  const engine = new SyncEngine(
    db,
    async () => {
      await syncOnce(db, transport, { today: () => TODAY }).finally(() => settled++);
    },
    {
      lockName: 'prueba',
      firstRun: (task) => {
        task();
        return () => {};
      },
      random: () => 0.5,
    },
  );
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: () => {},
  });
  return {
    engine,
    calls,
    answerWith: (next: Server) => {
      server = next;
    },
    /** `n` runs are over, their outcome written to `meta`. */
    runsSettled: (n: number) => until(() => settled >= n && !engine.getStatus().running),
  };
}

/** What the header shows, from what the store and the engine say. */
async function header(db: LocalDb, engine?: SyncEngine) {
  const idle = { running: false, nextRetryAt: null, progress: null };
  const status = { ...(await storedSyncStatus(db)), ...(engine?.getStatus() ?? idle), online: true };
  return indicatorState(status, formatDateTime, Date.now());
}

const listeners = new Map<string, () => void>();

beforeEach(() => {
  listeners.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('document', {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: () => {},
    visibilityState: 'visible',
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const db of open.splice(0)) db.close();
});

describe('a server that cannot be reached while the phone says it is online', () => {
  test('the header says since when, the engine probes at 2 s, 4 s, 8 s … 60 s, and a success clears it', async () => {
    const db = await phoneWithQueuedPayment();
    expect((await header(db)).tone).toBe('pending');
    const { engine, calls, answerWith, runsSettled } = engineFor(db, listeners);

    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    await runsSettled(1);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(calls.map((c) => c.path)).toEqual(['/api/sync/push']);

    // Not 'Sincronizado', not an error: the server was not reached, since the first failed run.
    const stored = await storedSyncStatus(db);
    expect(stored).toMatchObject({ lastError: null, unreachableSince: START.toISOString(), pending: 1 });
    const state = await header(db, engine);
    expect(state.tone).toBe('unreachable');
    expect(state.label).toBe('Sin servidor · 10:42');
    expect(state.detail).toMatch(/^Sin conexión con el servidor desde las 10:42; 1 cambio pendiente\. /);

    // Each retry waits twice the one before, up to a minute; none comes early.
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 8; attempt++) {
      const wait = engine.getStatus().nextRetryAt! - Date.now();
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(calls).toHaveLength(attempt - 1);
      await vi.advanceTimersByTimeAsync(1);
      await runsSettled(attempt);
      await until(() => engine.getStatus().nextRetryAt !== null);
      expect(calls).toHaveLength(attempt);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    // Still since the first failure, still nothing lost: the payment waits on the phone.
    expect(await getMeta(db, 'unreachableSince')).toBe(START.toISOString());
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending']);

    // The server answers again: the next retry sends the payment, once, and the header is back to normal.
    const { server, pushes } = upServer();
    answerWith(server);
    await vi.advanceTimersByTimeAsync(engine.getStatus().nextRetryAt! - Date.now());
    await runsSettled(9);
    expect(pushes.flatMap((p) => p.mutations.map((m) => m.id))).toEqual([1]);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['synced']);
    expect(engine.getStatus().nextRetryAt).toBeNull();
    expect(await storedSyncStatus(db)).toMatchObject({ lastError: null, unreachableSince: null, pending: 0 });
    const after = await header(db, engine);
    expect(after.tone).toBe('synced');
    expect(after.label).toBe('Sincronizado');
    engine.stop();
  });

  test.each(Object.entries(failures))('%s counts as not reaching it', async (_name, failure) => {
    const db = await phoneWithQueuedPayment();
    const { engine, calls, answerWith, runsSettled } = engineFor(db, listeners);
    answerWith(failure);
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    // A request with no answer is given up after the sync timeout.
    await until(() => calls.length === 1);
    if (failure === failures['no answer at all until the request times out'])
      await vi.advanceTimersByTimeAsync(SYNC_TIMEOUT_MS);
    await runsSettled(1);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(await storedSyncStatus(db)).toMatchObject({
      lastError: null,
      unreachableSince: expect.any(String),
    });
    expect((await header(db, engine)).tone).toBe('unreachable');
    engine.stop();
  });

  test('a server that refuses (4xx) is an error, as before: no “since”, and its retries back off to 5 min', async () => {
    const db = await phoneWithQueuedPayment();
    const { engine, answerWith, runsSettled } = engineFor(db, listeners);
    answerWith(async () => json({ error: 'No tiene permiso para esta acción', code: 'FORBIDDEN' }, 403));
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    await runsSettled(1);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(await storedSyncStatus(db)).toMatchObject({
      lastError: 'No tiene permiso para esta acción',
      unreachableSince: null,
    });
    expect((await header(db, engine)).tone).toBe('error');
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 10; attempt++) {
      const wait = engine.getStatus().nextRetryAt! - Date.now();
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait);
      await runsSettled(attempt);
      await until(() => engine.getStatus().nextRetryAt !== null);
    }
    expect(waits.at(-1)).toBe(MAX_BACKOFF_MS);
    // Coming into view asks it at once, and a refusal again keeps the long wait.
    listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(0);
    await runsSettled(11);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(engine.getStatus().nextRetryAt! - Date.now()).toBe(MAX_BACKOFF_MS);
    engine.stop();
  });

  test('a server reached again but refusing replaces the “since” with its error', async () => {
    const db = await phoneWithQueuedPayment();
    const { engine, answerWith, runsSettled } = engineFor(db, listeners);
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    await runsSettled(1);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(await getMeta(db, 'unreachableSince')).toBe(START.toISOString());
    answerWith(async () => json({ error: 'Datos inválidos', code: 'VALIDATION' }, 400));
    await vi.advanceTimersByTimeAsync(engine.getStatus().nextRetryAt! - Date.now());
    await runsSettled(2);
    expect(await storedSyncStatus(db)).toMatchObject({
      lastError: 'Datos inválidos',
      unreachableSince: null,
    });
    engine.stop();
  });

  test('coming into view or the network coming back probes at once, and backs off from 2 s again', async () => {
    const db = await phoneWithQueuedPayment();
    const { engine, calls, runsSettled } = engineFor(db, listeners);
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    await runsSettled(1);
    for (let attempt = 2; attempt <= 5; attempt++) {
      await until(() => engine.getStatus().nextRetryAt !== null);
      await vi.advanceTimersByTimeAsync(engine.getStatus().nextRetryAt! - Date.now());
      await runsSettled(attempt);
    }
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(engine.getStatus().nextRetryAt! - Date.now()).toBe(32_000);

    for (const [n, probe] of [
      [6, () => listeners.get('visibilitychange')!()],
      [7, () => listeners.get('online')!()],
      [8, () => engine.probe()],
    ] as const) {
      probe();
      await vi.advanceTimersByTimeAsync(0);
      await runsSettled(n);
      expect(calls).toHaveLength(n);
      await until(() => engine.getStatus().nextRetryAt !== null);
      expect(engine.getStatus().nextRetryAt! - Date.now()).toBe(2000);
    }
    engine.stop();
  });

  test('the browser back online without an `online` event (Firefox, a page loaded offline): a look finds it within 2 s', async () => {
    const db = await phoneWithQueuedPayment();
    const { engine, calls, answerWith, runsSettled } = engineFor(db, listeners);
    vi.stubGlobal('navigator', { onLine: false });
    engine.start();
    // Offline for ten minutes, nothing is asked of the network; the engine only looks at navigator.onLine,
    // every 2 s however long it lasts (a look costs nothing, so it does not back off to a minute).
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toEqual([]);
    const { server, pushes } = upServer();
    answerWith(server);
    vi.stubGlobal('navigator', { onLine: true });
    await vi.advanceTimersByTimeAsync(2000);
    await runsSettled(1);
    expect(pushes.flatMap((p) => p.mutations.map((m) => m.id))).toEqual([1]);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['synced']);
    engine.stop();
  });

  test('looks while offline are not failures: back online with the server away, the retry comes in 2 s', async () => {
    const db = await phoneWithQueuedPayment();
    const { engine, calls, runsSettled } = engineFor(db, listeners);
    vi.stubGlobal('navigator', { onLine: false });
    engine.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    vi.stubGlobal('navigator', { onLine: true });
    await vi.advanceTimersByTimeAsync(2000);
    await runsSettled(1);
    expect(calls).toHaveLength(1);
    await until(() => engine.getStatus().nextRetryAt !== null);
    expect(engine.getStatus().nextRetryAt! - Date.now()).toBe(2000);
    engine.stop();
  });
});
