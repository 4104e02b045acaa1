// When the device syncs (docs/sincronizacion.md §6): at start, on `online`, when the app becomes visible, on a tap
// of the header's indicator, every 60 s while online, shortly after each local edit, and again with
// exponential backoff after a failure (2 s, 4 s, 8 s … up to 60 s while the server cannot be reached, 5 min
// when it answered with an error). While the browser says offline it looks at `navigator.onLine` every 2 s.
// One run at a time across tabs (Web Locks); another tab's run shows here through IndexedDB. While entries
// wait, Background Sync is asked to push them from the service worker once the signal returns.
import { errorMessage, isUnreachableError } from '../session/api-error';
import type { LocalDb } from '../store/database';
import { getMeta, setMeta } from '../store/meta';
import { whenIdle } from '../ui/when-idle';
import { requestBackgroundSync } from './background-sync';
import type { SyncRunner } from './run-in-worker';
import type { SyncProgress } from './worker-protocol';

export interface EngineStatus {
  running: boolean;
  /** When the next retry after a failure is due (ms since epoch), or null. */
  nextRetryAt: number | null;
  /** The run going on: rows stored so far, of how many (a full download), since when. */
  progress: SyncProgress | null;
}

const PERIOD_MS = 60_000;
const FIRST_RUN_IDLE_TIMEOUT_MS = 1500;
const EDIT_DEBOUNCE_MS = 800;
/** The server answered with an error (it refused, or failed): asking again soon would not change its answer. */
export const MAX_BACKOFF_MS = 5 * 60_000;
/**
 * The server could not be reached (a dead link, a captive portal, the server down while the phone says it is
 * online): the way to it may come back any moment, and a payment waiting should go out soon after.
 */
export const MAX_UNREACHABLE_BACKOFF_MS = 60_000;
/**
 * While the browser says offline, how often the engine looks at `navigator.onLine` again. A look asks nothing
 * of the network, so it does not back off: Firefox sends no `online` event to a page loaded while it was offline
 * (decision 026), and a payment waiting should go out seconds after the signal returns, not a minute.
 */
export const OFFLINE_LOOK_MS = 2000;

/** 2 s, 4 s, 8 s … up to `max`, ±25 % below it so many phones coming back together do not knock at once. */
export const backoffDelay = (failures: number, random = Math.random, max = MAX_BACKOFF_MS) =>
  Math.min(max, 2000 * 2 ** Math.max(0, failures - 1) * (0.75 + random() * 0.5));

export class SyncEngine {
  private status: EngineStatus = { running: false, nextRetryAt: null, progress: null };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt = 0;
  private failures = 0;
  /** The last run failed without reaching the server: its retries back off to a minute, not five. */
  private unreachable = false;
  private active = false;
  private current: Promise<void> | null = null;
  private again = false;
  /** Set by a failed run: the backoff delay of the retry to schedule when it is over. */
  private retryAfter: number | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly db: LocalDb,
    private readonly run: SyncRunner,
    private readonly options: {
      lockName: string;
      /** When the first run starts (tests start it at once). */
      firstRun?: (task: () => void) => () => void;
      /** After each run and each local edit: the outbox may have changed. */
      afterChange?: () => void;
      /** The backoff's jitter (tests fix it). */
      random?: () => number;
    },
  ) {}

  getStatus = (): EngineStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Tells the screens only when something they show changed (each listener re-renders synchronously). */
  private setStatus(patch: Partial<EngineStatus>) {
    const next = { ...this.status, ...patch };
    if (
      next.running === this.status.running &&
      next.nextRetryAt === this.status.nextRetryAt &&
      next.progress === this.status.progress
    )
      return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    const online = () => this.probe();
    const visible = () => {
      if (document.visibilityState === 'visible') this.probe();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    // The period is for when runs succeed; after a failure its backoff decides (the period would cut it short).
    const interval = setInterval(() => {
      if (navigator.onLine && this.status.nextRetryAt === null) this.requestSync();
    }, PERIOD_MS);
    this.cleanups.push(
      () => window.removeEventListener('online', online),
      () => document.removeEventListener('visibilitychange', visible),
      () => clearInterval(interval),
    );
    const firstRun = this.options.firstRun ?? ((task) => this.whenEmptyOrIdle(task));
    // With no signal the first run could only fail, after booting the sync worker and reading the store in
    // the middle of the collector's first taps (docs/sincronizacion.md §7): the `online` event brings it, or
    // the look every 2 s once it sees the signal back (Firefox fires no `online` at a page loaded offline).
    this.cleanups.push(
      firstRun(() => {
        if (navigator.onLine !== false) this.requestSync();
        else this.lookLater();
      }),
    );
  }

  /**
   * The first run waits for the screen the app opened on to paint: starting the worker and applying a pull
   * compete with it for the phone's cores, and a sync a moment later costs the user nothing. A store that holds
   * nothing yet (a fresh sign-in) is the exception: every screen is waiting for that download, so it starts at
   * once (decision 018).
   */
  private whenEmptyOrIdle(task: () => void): () => void {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelIdle();
      task();
    };
    const cancelIdle = whenIdle(once, FIRST_RUN_IDLE_TIMEOUT_MS);
    getMeta<string>(this.db, 'cursor').then(
      (cursor) => {
        if (cursor === undefined || cursor === null) once();
      },
      () => {},
    );
    return () => {
      done = true;
      cancelIdle();
    };
  }

  stop(): void {
    this.active = false;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Asks for a run after `delayMs` (an earlier request wins); a run already going runs once more after.
   * `retry`: the backoff after a failure, shown as the next retry.
   */
  requestSync(delayMs = 0, retry = false): void {
    if (!this.active) return;
    if (this.current) {
      this.again = true;
      return;
    }
    const due = Date.now() + delayMs;
    if (this.timer && this.dueAt <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = due;
    this.setStatus({ nextRetryAt: retry ? due : null });
    this.timer = setTimeout(() => {
      this.timer = null;
      // While the browser says there is no network, a run could only fail (after booting the sync worker and
      // reading the store): look again later instead.
      if (navigator.onLine === false) this.lookLater();
      else void this.runNow();
    }, delayMs);
  }

  /**
   * Something says the server may answer now (the network came back, the app came into view, the user tapped
   * the sync state): a run at once. If the server was out of reach, a failure again retries from the shortest
   * wait; one that refused keeps backing off (asking again soon would not change its answer).
   */
  probe(): void {
    if (this.unreachable) this.failures = 0;
    this.requestSync();
  }

  /**
   * The browser says offline: look again in 2 s (`OFFLINE_LOOK_MS`), as long as it lasts. A look costs no
   * request and is not a failure: the backoff of runs is left as it was. The `online` event usually comes
   * first; Firefox sends none to a page loaded while it was offline. Not shown as a retry: the screens say
   * 'Sin conexión'.
   */
  private lookLater(): void {
    this.requestSync(OFFLINE_LOOK_MS);
  }

  private backoff(): number {
    const max = this.unreachable ? MAX_UNREACHABLE_BACKOFF_MS : MAX_BACKOFF_MS;
    return backoffDelay(this.failures, this.options.random, max);
  }

  /** A local edit was recorded: sync soon, once a burst of taps is over. */
  afterLocalEdit(): void {
    this.options.afterChange?.();
    void requestBackgroundSync();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.requestSync(EDIT_DEBOUNCE_MS);
  }

  /** Runs now (or joins the run going on) and resolves when it is over, whatever its outcome. */
  runNow(): Promise<void> {
    if (!this.current) {
      this.current = this.runExclusive().finally(() => {
        this.current = null;
        const retry = this.retryAfter;
        const again = this.again;
        this.retryAfter = null;
        this.again = false;
        if (!this.active) return;
        // After a failure the backoff wins over requests made meanwhile (the retry carries them too).
        if (retry !== null) this.requestSync(retry, true);
        else if (again) this.requestSync();
      });
    }
    return this.current;
  }

  private async runExclusive(): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return this.runOnce();
    await locks.request(this.options.lockName, { ifAvailable: true }, async (lock) => {
      // Another tab is syncing this user's store: its changes reach this tab's screens through IndexedDB.
      if (lock) await this.runOnce();
    });
  }

  private async runOnce(): Promise<void> {
    this.setStatus({ running: true, nextRetryAt: null, progress: null });
    try {
      await this.run((progress) => this.setStatus({ progress }));
      this.failures = 0;
      this.unreachable = false;
      this.setStatus({ running: false, progress: null });
    } catch (error) {
      this.failures++;
      this.unreachable = isUnreachableError(error);
      // The app may be closed before the next retry: let the worker push when the signal returns.
      if (
        (await this.db.outbox
          .where('status')
          .equals('pending')
          .count()
          .catch(() => 0)) > 0
      )
        void requestBackgroundSync();
      await this.noteFailure(this.unreachable ? null : errorMessage(error));
      this.setStatus({ running: false, progress: null });
      // Retry later, backing off (scheduled once this run is over: a request made while it is still current
      // would only mark it to run again at once). Offline, the `online` event may bring it sooner.
      this.retryAfter = this.backoff();
    }
    this.options.afterChange?.();
  }

  /**
   * What the screens show of a failed run: the server's error, or (`lastError` null) since when the server
   * has not been reached. A run that fails the same way writes nothing: the same values written again would
   * wake every live read of `meta`.
   */
  private async noteFailure(lastError: string | null): Promise<void> {
    const { db } = this;
    try {
      await db.transaction('rw', db.meta, async () => {
        if (((await getMeta<string | null>(db, 'lastError')) ?? null) !== lastError)
          await setMeta(db, 'lastError', lastError);
        const since = (await getMeta<string | null>(db, 'unreachableSince')) ?? null;
        const next = lastError === null ? (since ?? new Date().toISOString()) : null;
        if (next !== since) await setMeta(db, 'unreachableSince', next);
      });
    } catch {
      // The store closed (sign-out) or is full: the next run notes it again.
    }
  }
}
