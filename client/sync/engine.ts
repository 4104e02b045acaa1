// When the device syncs (docs/sincronizacion.md client engine): at start, on `online`, when the app becomes visible,
// every 60 s while online, shortly after each local edit, and again with exponential backoff after a
// failure. One run at a time across tabs (Web Locks); another tab's run shows here through IndexedDB. While
// entries wait, Background Sync is asked to push them from the service worker once the signal returns.
import { errorMessage, isOfflineError } from '../session/api-error';
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
const MAX_BACKOFF_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … up to 5 min, ±25 % so many phones coming back together do not knock at once. */
export const backoffDelay = (failures: number, random = Math.random) =>
  Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.max(0, failures - 1)) * (0.75 + random() * 0.5);

export class SyncEngine {
  private status: EngineStatus = { running: false, nextRetryAt: null, progress: null };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt = 0;
  private failures = 0;
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
    const online = () => this.requestSync();
    const visible = () => {
      if (document.visibilityState === 'visible') this.requestSync();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    const interval = setInterval(() => {
      if (navigator.onLine) this.requestSync();
    }, PERIOD_MS);
    this.cleanups.push(
      () => window.removeEventListener('online', online),
      () => document.removeEventListener('visibilitychange', visible),
      () => clearInterval(interval),
    );
    const firstRun = this.options.firstRun ?? ((task) => this.whenEmptyOrIdle(task));
    // With no signal the first run could only fail, after booting the sync worker and reading the store in
    // the middle of the collector's first taps (docs/sincronizacion.md §7); the `online` event brings it.
    this.cleanups.push(
      firstRun(() => {
        if (navigator.onLine !== false) this.requestSync();
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
      void this.runNow();
    }, delayMs);
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
      this.setStatus({ running: false, progress: null });
    } catch (error) {
      this.failures++;
      // The app may be closed before the next retry: let the worker push when the signal returns.
      if (
        (await this.db.outbox
          .where('status')
          .equals('pending')
          .count()
          .catch(() => 0)) > 0
      )
        void requestBackgroundSync();
      await this.noteError(isOfflineError(error) ? null : errorMessage(error));
      this.setStatus({ running: false, progress: null });
      // Offline, the `online` event brings the next run; otherwise retry later, backing off (scheduled once
      // this run is over: a request made while it is still current would only mark it to run again at once).
      if (navigator.onLine) this.retryAfter = backoffDelay(this.failures);
    }
    this.options.afterChange?.();
  }

  /** Offline every run fails alike: the same null written again would wake every live read of `meta`. */
  private async noteError(lastError: string | null): Promise<void> {
    try {
      if (((await getMeta<string | null>(this.db, 'lastError')) ?? null) === lastError) return;
      await setMeta(this.db, 'lastError', lastError);
    } catch {
      // The store closed (sign-out) or is full: the next run notes it again.
    }
  }
}
