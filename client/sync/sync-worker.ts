// The dedicated worker a page's sync runs in (decision 013): parsing pages and writing them to IndexedDB never
// blocks a tap. It runs the same syncOnce the tests drive; the page decides when (client/sync/engine.ts) and lends
// the access token, so the session's one refresh path (with its rotation rules) stays in the page.
/// <reference lib="webworker" />
import { LocalDb } from '../store/database';
import { type SyncTransport, syncOnce } from './run';
import { postsWithToken, syncTransportOver } from './transport';
import { fromWire, toWire } from './worker-errors';
import type { PageToWorker, SyncProgress, WorkerToPage } from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: WorkerToPage) => self.postMessage(message);

let nextRequest = 0;
const tokenWaits = new Map<number, { resolve: (t: string | null) => void; reject: (e: Error) => void }>();

/** The page's current access token; `stale`: the one the server just refused, so the page refreshes it. */
function askToken(stale: string | null): Promise<string | null> {
  const requestId = ++nextRequest;
  return new Promise((resolve, reject) => {
    tokenWaits.set(requestId, { resolve, reject });
    post({ type: 'token', requestId, stale });
  });
}

const transport = (): SyncTransport => {
  const posts = postsWithToken(askToken);
  return syncTransportOver(posts.json, posts.response);
};

const stores = new Map<string, LocalDb>();

async function run(message: Extract<PageToWorker, { type: 'run' }>) {
  const { runId } = message;
  let db = stores.get(message.dbName);
  if (!db) {
    db = new LocalDb(message.dbName);
    stores.set(message.dbName, db);
  }
  const progress: SyncProgress = { stored: 0, total: null, pages: 0, startedAt: Date.now() };
  try {
    const result = await syncOnce(db, transport(), {
      today: () => message.today,
      onPage: ({ rows, total }) => {
        progress.stored += rows;
        progress.pages++;
        if (total !== null) progress.total = total;
        post({ type: 'progress', runId, progress: { ...progress } });
      },
    });
    post({ type: 'done', runId, pushed: result.pushed, pages: result.pages });
  } catch (error) {
    post({ type: 'failed', runId, error: toWire(error) });
  }
}

self.onmessage = (event: MessageEvent<PageToWorker>) => {
  const message = event.data;
  if (message.type === 'run') void run(message);
  else {
    const wait = tokenWaits.get(message.requestId);
    tokenWaits.delete(message.requestId);
    if (message.error) wait?.reject(fromWire(message.error));
    else wait?.resolve(message.token);
  }
};
