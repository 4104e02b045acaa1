// One sync run (docs/sincronizacion.md): push the outbox, then pull until the device has everything. The engine decides
// when to run; this decides what a run does, so tests drive it with any transport.
import type { IsoDate } from '../../shared/dates';
import type { PullRequest, PullResponse, PushRequest, PushResponse } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import { wireMutation } from '../store/local-types';
import { ensureClientId, getMeta, setMeta } from '../store/meta';
import { isQuotaError } from '../store/quota';
import { applyPullPage } from './apply-pull';
import { applyPushResponse } from './apply-push';
import { syncTexts } from './texts';

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  /**
   * The same pull, answered in two steps: what the next request needs as soon as the answer's headers say it
   * (null when they do not), and the page once its body is read and decoded.
   */
  pullAhead?(request: PullRequest): Promise<{ next: PullHead | null; page: Promise<PullResponse> }>;
}

/** What the next pull needs from a page, read from its answer's headers (shared/sync/pull-headers). */
export interface PullHead {
  cursor: string;
  hasMore: boolean;
  reset: boolean;
}

/** A run that could not finish for a reason the user should read (the network's own errors pass as they are). */
export class SyncError extends Error {}

export interface SyncOptions {
  today: () => IsoDate;
  now?: () => Date;
  pushBatch?: number;
  pullLimit?: number;
  /** After each page is stored: rows it brought, and the server's count for a full download (first page). */
  onPage?: (page: { rows: number; total: number | null }) => void;
}

/** Rows a page brought, tombstones included: what progress counts against the server's total. */
const rowsOf = (page: PullResponse) =>
  Object.values(page.changes).reduce((sum, rows) => sum + rows.length, 0) + page.tombstones.length;

/**
 * Rows per pull page of the change stream (the server allows up to 5,000). Pages are asked for ahead of the
 * writes (PAGES_AHEAD), but each still needs the one before: a download is a chain of server round trips.
 * Measured on the 20,000-loan tenant with the sync worker (decision 013): walking the stream, 2,000 a page
 * spent 7.2 s waiting on the server over 181 pages, 5,000 spent 10.2 s over 73 (each stream page merges and
 * sorts every table's next rows).
 */
export const PULL_LIMIT = 2000;

/**
 * Rows per page of a full download (no cursor yet, or a reset): the server reads it table by table
 * (server/sync/snapshot.ts), so a row costs the same in a big page, and fewer pages save each request's fixed
 * cost. In-process on the 20,000-loan tenant: 71 pages in 3.3–3.6 s, against 178 pages in 5.4–6.9 s at 2,000.
 */
export const DOWNLOAD_LIMIT = 5000;

/** Synced entries are a receipt for a while, then go. */
const KEEP_SYNCED_MS = 7 * 24 * 3600 * 1000;

const pendingEntries = (db: LocalDb) => db.outbox.where('status').equals('pending').sortBy('id');

/**
 * The server lost ids it had acknowledged (a database restored from a backup): the entries after its last
 * one are sent again while the device still has them (the receipts keep this from paying twice).
 */
async function resendAfter(db: LocalDb, lastMutationId: number): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const kept = await db.outbox.where('id').above(lastMutationId).sortBy('id');
    if (kept[0]?.id !== lastMutationId + 1) throw new SyncError(syncTexts.hueco);
    for (const entry of kept) {
      if (entry.status !== 'pending') await db.outbox.update(entry.id, { status: 'pending' });
    }
  });
}

/** Sends the pending entries in order until none is left; also what Background Sync runs (push only). */
export async function pushOutbox(
  db: LocalDb,
  transport: SyncTransport,
  clientId: string,
  opts: Pick<SyncOptions, 'now' | 'pushBatch'>,
) {
  const now = opts.now ?? (() => new Date());
  let pushed = 0;
  for (;;) {
    const pending = await pendingEntries(db);
    const batch = pending.slice(0, opts.pushBatch ?? 250);
    if (batch.length === 0) return pushed;
    const response = await transport.push({
      clientId,
      mutations: batch.map(wireMutation),
      // What is left after this batch: the office's 'En campo' shows it as waiting on the phone.
      pendientes: pending.length - batch.length,
    });
    await applyPushResponse(db, response, now());
    pushed += response.results.length;
    if (response.stopped === 'transient') throw new SyncError(syncTexts.servidorOcupado);
    if (response.stopped === 'gap') await resendAfter(db, response.lastMutationId);
    else if (response.results.length === 0) throw new SyncError(syncTexts.sinRespuesta);
  }
}

/**
 * Pages asked for ahead of the one being written (it included). Each page needs only the cursor of the one
 * before, so the next is asked for as soon as that arrives, not when the one before it is written: the server
 * prepares page n+2 while the device writes page n. With one page ahead the server would sit idle whenever a
 * write takes longer than its next page (decision 018, 'Páginas por adelantado').
 */
export const PAGES_AHEAD = 3;

interface Slot {
  page: Promise<PullResponse>;
  settle: (page: PullResponse | Promise<PullResponse>) => void;
}

function slot(): Slot {
  let settle!: Slot['settle'];
  const page = new Promise<PullResponse>((resolve) => {
    settle = resolve;
  });
  page.catch(() => {}); // read (or dropped with the run) below; never an unhandled rejection
  return { page, settle };
}

/**
 * Asks for one page and hands it to its slot; answers what the next request needs. From the answer's headers
 * when the transport reads them (the next page is then asked for while this one's body still downloads and
 * decodes: ~15–25 ms a page of a 5,000-row download, during which the server sat idle), else from the page.
 */
async function nextOf(transport: SyncTransport, request: PullRequest, into: Slot): Promise<PullHead> {
  if (transport.pullAhead) {
    const { next, page } = await transport.pullAhead(request);
    into.settle(page);
    if (next) return next;
    const read = await page;
    return { cursor: read.cursor, hasMore: read.hasMore, reset: read.reset === true };
  }
  const page = await transport.pull(request);
  into.settle(page);
  return { cursor: page.cursor, hasMore: page.hasMore, reset: page.reset === true };
}

async function pull(db: LocalDb, transport: SyncTransport, clientId: string, opts: SyncOptions) {
  const stored = (await getMeta<string>(db, 'cursor')) ?? null;
  const slots: Slot[] = [];
  const at = (i: number) => {
    slots[i] ??= slot();
    return slots[i];
  };
  let written = 0;
  let stopped = false;
  let room: (() => void) | null = null;
  const wait = () =>
    new Promise<void>((wake) => {
      room = wake;
    });
  const wake = () => {
    room?.();
    room = null;
  };

  // The fetcher: page after page, at most PAGES_AHEAD pages past the last one written. A page it fetched
  // that is never written (the run failed meanwhile) is dropped: the stored cursor is the last page written.
  void (async () => {
    let cursor = stored;
    let downloading = stored === null;
    for (let i = 0; ; i++) {
      while (!stopped && i - written >= PAGES_AHEAD) await wait();
      if (stopped) return;
      const limit = opts.pullLimit ?? (downloading ? DOWNLOAD_LIMIT : PULL_LIMIT);
      let next: PullHead;
      try {
        // The payment events too (decision 021): the device keeps the recent ones to count the week's money.
        next = await nextOf(transport, { clientId, cursor, limit, pagos: true }, at(i));
      } catch (error) {
        at(i).settle(Promise.reject(error));
        return;
      }
      // The server started this device over: the rest is a full download.
      if (next.reset) downloading = true;
      if (!next.hasMore) return;
      cursor = next.cursor;
    }
  })();

  try {
    for (;;) {
      const page = await at(written).page;
      await applyPullPage(db, page, opts.today());
      written++;
      wake();
      opts.onPage?.({ rows: rowsOf(page), total: page.total ?? null });
      if (!page.hasMore) return written;
    }
  } finally {
    stopped = true;
    wake();
  }
}

/**
 * One run. A full device stops it with a message that says so: the page being written is rolled back with its
 * cursor (one transaction), and the outbox is never part of a pull's writes, so nothing pending is lost.
 */
export async function syncOnce(db: LocalDb, transport: SyncTransport, opts: SyncOptions) {
  try {
    return await runSync(db, transport, opts);
  } catch (error) {
    if (isQuotaError(error)) throw new SyncError(syncTexts.sinEspacio);
    throw error;
  }
}

async function runSync(db: LocalDb, transport: SyncTransport, opts: SyncOptions) {
  const now = opts.now ?? (() => new Date());
  const clientId = await ensureClientId(db);
  const pushed = await pushOutbox(db, transport, clientId, opts);
  const pages = await pull(db, transport, clientId, opts);
  const finished = now();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await setMeta(db, 'lastSyncAt', finished.toISOString());
    await setMeta(db, 'lastError', null);
    await setMeta(db, 'unreachableSince', null);
    const before = new Date(finished.getTime() - KEEP_SYNCED_MS).toISOString();
    await db.outbox
      .where('status')
      .equals('synced')
      .filter((e) => (e.resolvedAt ?? '') < before)
      .delete();
  });
  return { pushed, pages };
}
