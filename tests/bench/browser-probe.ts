// In-page timing for the browser benchmark: installed in every document before the app's scripts, it
// timestamps with performance.now() (sub-millisecond, the page's own clock, no round trip to node) the
// event that starts an action (a click or change, caught in the capture phase before React sees it) and
// the first DOM mutation after which the expected state holds (a MutationObserver callback, i.e. the
// commit that made it true), then the next animation frame (when the browser starts painting it).
import type { Page } from 'playwright-core';
import { BUCKET_SIZES } from '../../client/store/bucket-sizes';

/** tsx compiles with keepNames, which wraps functions in `__name(…)`: functions sent to the page need it. */
export const NAME_SHIM = 'globalThis.__name ??= (fn) => fn;';

export type Trigger = { type: 'click' | 'change'; text?: string; selector?: string };

export type Until =
  /** The header's sync indicator says data-state="synced". */
  | { kind: 'synced' }
  /** The indicator went through "running" after the trigger and is back to "synced". */
  | { kind: 'sync-cycle' }
  | { kind: 'exists'; selector: string }
  /** Some element matching `selector` has exactly this text (trimmed). */
  | { kind: 'text'; selector: string; text: string };

export interface WaitSpec {
  trigger: Trigger;
  until: Until;
}

export interface WaitResult {
  /** performance.timeOrigin + performance.now() at the trigger, the state, and the next frame. */
  start: number;
  done: number;
  frame: number;
  /** Trigger to the DOM state, and to the next frame. */
  ms: number;
  frameMs: number;
  /** The indicator's data-state values seen from the trigger on. */
  states: string[];
}

export interface ProbeMarks {
  /** ms since navigation start when the loans list showed its first row (null: not yet). */
  firstLoanRow: number | null;
  /** Main-thread tasks over 50 ms (Long Tasks API): start (timeOrigin + startTime) and duration. */
  longTasks: { start: number; ms: number }[];
}

interface Probe {
  arm(id: string, spec: WaitSpec): void;
  result(id: string): Promise<WaitResult>;
  marks: ProbeMarks;
}

declare global {
  interface Window {
    __bench: Probe;
  }
}

/** The probe itself; runs in the page at document start (page.addInitScript). */
export function installProbe() {
  const now = () => performance.timeOrigin + performance.now();
  const waits = new Map<string, Promise<WaitResult>>();
  const indicatorState = () =>
    document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-state') ?? '';
  const LOAN_ROW =
    '[data-testid="loans-table"] [data-testid="data-row"], [data-testid="loans-table"] [data-testid="data-card"]';
  const marks: ProbeMarks = { firstLoanRow: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      marks.longTasks.push({ start: performance.timeOrigin + e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  // The first loan row of this document, for list loads timed from navigation start.
  const rows = new MutationObserver(() => {
    if (marks.firstLoanRow === null && document.querySelector(LOAN_ROW)) {
      marks.firstLoanRow = performance.now();
      rows.disconnect();
    }
  });
  rows.observe(document, { subtree: true, childList: true });

  function arm(id: string, spec: WaitSpec) {
    let start: number | null = null;
    let finished = false;
    const states: string[] = [];
    let resolve!: (r: WaitResult) => void;
    waits.set(
      id,
      new Promise<WaitResult>((r) => {
        resolve = r;
      }),
    );
    const holds = (): boolean => {
      const u = spec.until;
      const state = indicatorState();
      if (states.at(-1) !== state) states.push(state);
      if (u.kind === 'synced') return state === 'synced';
      if (u.kind === 'sync-cycle') return state === 'synced' && states.includes('running');
      if (u.kind === 'exists') return document.querySelector(u.selector) !== null;
      return [...document.querySelectorAll(u.selector)].some((el) => el.textContent?.trim() === u.text);
    };
    const check = () => {
      if (finished || start === null || !holds()) return;
      finished = true;
      const done = now();
      const from = start;
      observer.disconnect();
      document.removeEventListener(spec.trigger.type, onTrigger, true);
      requestAnimationFrame(() => {
        const frame = now();
        resolve({ start: from, done, frame, ms: done - from, frameMs: frame - from, states });
      });
    };
    const onTrigger = (event: Event) => {
      if (start !== null || !(event.target instanceof Element)) return;
      const { selector, text } = spec.trigger;
      if (selector && !event.target.closest(selector)) return;
      if (text && !event.target.closest('button, a, label, select, [role]')?.textContent?.includes(text))
        return;
      start = now();
      states.push(indicatorState());
      // The state may already hold (nothing to wait for): checked after the event's own handlers ran.
      queueMicrotask(check);
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener(spec.trigger.type, onTrigger, true);
  }

  window.__bench = {
    arm,
    result: (id) => waits.get(id) ?? Promise.reject(new Error(`sin medición ${id}`)),
    marks,
  };
}

let nextId = 0;

/**
 * Arms a measurement, runs `action` (which must fire the trigger) and returns what the page measured.
 * Fails after `timeoutMs`.
 */
export async function measureInPage(
  page: Page,
  spec: WaitSpec,
  action: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<WaitResult> {
  const id = `m${++nextId}`;
  await page.evaluate(([i, s]) => window.__bench.arm(i, s), [id, spec] as const);
  await action();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      page.evaluate((i) => window.__bench.result(i), id),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`sin ${JSON.stringify(spec.until)} en ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rows of the signed-in user's IndexedDB store (`prestamos-u<id>`), read with the raw API. */
export function readStore(
  page: Page,
  request: {
    counts?: string[];
    /** `loanIds`: for amortizaciones, the loans they belong to (only their schedules are read). */
    get?: { store: string; ids: number[]; loanIds?: number[] };
    /** Municipality ids: how many loans the device holds in each (`perMunicipality`, same order). */
    loansIn?: number[];
  },
) {
  return page.evaluate(
    async (req) => {
      const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { id: number };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`prestamos-u${user.id}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const done = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      // Three layouts, so a build of an earlier one can be measured against the current one: a record per row
      // (schema ≤ 4), amortizaciones in per-loan schedules (5–6, decision 013), and clients, loans and schedules
      // in buckets of ids (≥ 7, decision 019).
      const sizes = req.sizes as Record<string, number>;
      const bucketStore = (name: string) => {
        const store = `${name === 'amortizations' ? 'schedule' : name.replace(/s$/, '')}_buckets`;
        return db.objectStoreNames.contains(store) ? store : null;
      };
      const getAll = async (store: string) =>
        (await done(db.transaction(store).objectStore(store).getAll())) as Record<string, unknown>[];
      /** Rows of a bucketed table: every one, or those of the ids named (only their buckets are read). */
      const bucketRows = async (store: string, size: number, ids?: number[]) => {
        const buckets = ids
          ? await Promise.all(
              [...new Set(ids.map((id) => Math.floor(id / size)))].map((key) =>
                done(db.transaction(store).objectStore(store).get(key)),
              ),
            )
          : await getAll(store);
        return (buckets as ({ rows: Record<string, unknown>[] } | undefined)[]).flatMap((b) => b?.rows ?? []);
      };
      const perLoan = db.objectStoreNames.contains('schedules');
      // A count reads every schedule; a lookup only the loans named (reading 20,000 schedules to find 100 rows
      // would leave the page collecting garbage through the next measurement).
      const amortizations = async (loanIds?: number[]) => {
        const bucketed = bucketStore('amortizations');
        let schedules: Record<string, unknown>[];
        if (bucketed) schedules = await bucketRows(bucketed, sizes.schedules!, loanIds);
        else {
          const store = db.transaction('schedules').objectStore('schedules');
          schedules = (
            loanIds ? await Promise.all(loanIds.map((id) => done(store.get(id)))) : await done(store.getAll())
          ) as Record<string, unknown>[];
        }
        const rows = (schedules as ({ rows: Record<string, unknown>[] } | undefined)[]).flatMap(
          (s) => s?.rows ?? [],
        );
        return new Map(rows.map((r) => [r.id as number, r] as const));
      };
      try {
        const counts: Record<string, number> = {};
        for (const name of req.counts ?? []) {
          const bucketed = bucketStore(name);
          counts[name] =
            name === 'amortizations' && (perLoan || bucketed)
              ? (await amortizations()).size
              : bucketed
                ? (await getAll(bucketed)).reduce((n, b) => n + (b.rows as unknown[]).length, 0)
                : await done(db.transaction(name).objectStore(name).count());
        }
        // Every record the store holds: what a first sync paid for, one write each.
        counts.records = 0;
        for (const name of Array.from(db.objectStoreNames))
          counts.records += await done(db.transaction(name).objectStore(name).count());
        const rows: Record<string, unknown>[] = [];
        const bucketed = req.get ? bucketStore(req.get.store) : null;
        if (req.get?.store === 'amortizations' && (perLoan || bucketed)) {
          const byId = await amortizations(req.get.loanIds);
          for (const id of req.get.ids) rows.push(byId.get(id) ?? { id, missing: true });
        } else if (req.get && bucketed) {
          const found = await bucketRows(bucketed, sizes[req.get.store]!, req.get.ids);
          const byId = new Map(found.map((r) => [r.id as number, r]));
          for (const id of req.get.ids) rows.push(byId.get(id) ?? { id, missing: true });
        } else if (req.get) {
          const store = db.transaction(req.get.store).objectStore(req.get.store);
          for (const id of req.get.ids)
            rows.push(
              ((await done(store.get(id))) as Record<string, unknown> | undefined) ?? { id, missing: true },
            );
        }
        let perMunicipality: number[] = [];
        if (req.loansIn) {
          const store = bucketStore('loans');
          const loans = (
            store
              ? (await getAll(store)).flatMap((b) => b.rows as Record<string, unknown>[])
              : await getAll('loans')
          ) as { municipality_id: number }[];
          perMunicipality = req.loansIn.map((id) => loans.filter((l) => l.municipality_id === id).length);
        }
        return { counts, rows, perMunicipality };
      } finally {
        db.close();
      }
    },
    { ...request, sizes: BUCKET_SIZES },
  );
}
