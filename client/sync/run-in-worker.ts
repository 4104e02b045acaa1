// Where a page's sync runs: in a dedicated worker when the browser has one (decision 013), so that a full sync
// puts no task over 100 ms on the main thread; else in the page itself. Either way the same syncOnce does the
// work.
import { refreshAccessToken } from '../session/refresh';
import { getSession } from '../session/session-store';
import type { LocalDb } from '../store/database';
import { httpTransport } from './http-transport';
import { type SyncOptions, syncOnce } from './run';
import { fromWire, toWire } from './worker-errors';
import type { PageToWorker, SyncProgress, WorkerToPage } from './worker-protocol';

/** One run; resolves when it is over, rejects with the error the run ended with. */
export type SyncRunner = (onProgress: (progress: SyncProgress) => void) => Promise<void>;

/** The run in the page: tests, and browsers without module workers. */
export function pageRunner(db: LocalDb, options: SyncOptions): SyncRunner {
  return async (onProgress) => {
    const progress: SyncProgress = { stored: 0, total: null, pages: 0, startedAt: Date.now() };
    await syncOnce(db, httpTransport, {
      ...options,
      onPage: ({ rows, total }) => {
        progress.stored += rows;
        progress.pages++;
        if (total !== null) progress.total = total;
        onProgress({ ...progress });
      },
    });
  };
}

let worker: Worker | null = null;
let nextRun = 0;
const runs = new Map<
  number,
  { resolve: () => void; reject: (e: Error) => void; onProgress: (p: SyncProgress) => void }
>();

/** The token the worker asks for: the session's, or a refreshed one when the server refused `stale`. */
async function lendToken(requestId: number, stale: string | null) {
  const send = (message: PageToWorker) => worker?.postMessage(message);
  try {
    const token = stale === null ? (getSession()?.token ?? null) : await refreshAccessToken(stale);
    send({ type: 'token', requestId, token });
  } catch (error) {
    send({ type: 'token', requestId, token: null, error: toWire(error) });
  }
}

function startWorker(): Worker {
  const w = new Worker(new URL('./sync-worker.ts', import.meta.url), {
    type: 'module',
    name: 'sincronizacion',
  });
  w.onmessage = (event: MessageEvent<WorkerToPage>) => {
    const message = event.data;
    if (message.type === 'token') {
      void lendToken(message.requestId, message.stale);
      return;
    }
    const run = runs.get(message.runId);
    if (!run) return;
    if (message.type === 'progress') run.onProgress(message.progress);
    else {
      runs.delete(message.runId);
      if (message.type === 'done') run.resolve();
      else run.reject(fromWire(message.error));
    }
  };
  // A worker that cannot load (an old cached shell, a browser without module workers) fails its runs; the
  // engine falls back to the page for the rest of this session.
  w.onerror = (event) => {
    event.preventDefault();
    for (const [id, run] of runs) {
      runs.delete(id);
      run.reject(new WorkerUnavailable());
    }
    worker = null;
    w.terminate();
  };
  return w;
}

class WorkerUnavailable extends Error {}

/**
 * Starts the sync worker ahead of the first run (from the login screen's preload): loading its module takes
 * part of the time between the sign-in answer and the first pull, and on a fresh sign-in everything waits for
 * that pull. A worker that cannot start here is started (or given up) by the first run as before.
 */
export function warmSyncWorker(): void {
  if (worker || typeof Worker === 'undefined') return;
  try {
    worker = startWorker();
  } catch {
    worker = null;
  }
}

/** The run in the sync worker, falling back to the page when the worker cannot start. */
export function workerRunner(db: LocalDb, options: SyncOptions): SyncRunner {
  const inPage = pageRunner(db, options);
  let usable = typeof Worker !== 'undefined';
  return async (onProgress) => {
    if (usable && !worker) {
      try {
        worker = startWorker();
      } catch {
        usable = false;
      }
    }
    if (!usable || !worker) return inPage(onProgress);
    const runId = ++nextRun;
    const done = new Promise<void>((resolve, reject) => runs.set(runId, { resolve, reject, onProgress }));
    const message: PageToWorker = { type: 'run', runId, dbName: db.name, today: options.today() };
    worker.postMessage(message);
    try {
      return await done;
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
      usable = false;
      return inPage(onProgress);
    }
  };
}
