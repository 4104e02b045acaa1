// The week's route and first page of cards, read ahead while the phone is idle (after the app opens and a
// few seconds after any write), so tapping 'Cobranza' paints cards from memory and the live read only
// confirms them. The copy is dropped at any write to this store: what is shown first is never older than the
// store, so a tap on it records against the rows on the device.
import { Dexie } from 'dexie';
import type { IsoDate } from '../../../shared/dates';
import type { LocalDb } from '../../store/database';
import {
  type CobranzaItem,
  type CobranzaRouteTown,
  readCobranzaItems,
  readCobranzaRoute,
} from './read-cobranza';
import { orderCards } from './route-order';

export interface WarmCobranza {
  today: IsoDate;
  /** The custom order it was read with (its first page depends on it). */
  orderKey: string;
  route: CobranzaRouteTown[];
  pageKey: string;
  page: CobranzaItem[];
}

/** Cards per page of the screen; the first page is what is read ahead. */
export const COBRANZA_PAGE = 40;

const warm = new WeakMap<LocalDb, WarmCobranza>();
const watched = new WeakSet<LocalDb>();
/** Writes seen per store: a read that started before the last write is not kept. */
const generations = new WeakMap<LocalDb, number>();
/** How to read again for this store (set by the idle read: it knows the user's order and page size). */
const rewarms = new WeakMap<LocalDb, () => Promise<void>>();
const REWARM_MS = 3000;
/** While the screen is open its own live read keeps the copy fresh: no second read behind the collector's taps. */
let screensOpen = 0;

export function cobranzaScreenOpened(): () => void {
  screensOpen += 1;
  return () => {
    screensOpen -= 1;
  };
}

export const orderKeyOf = (order: readonly number[] | null) => (order ? order.join(',') : '');

/** The first page of the route without a search, as the screen reads it. */
export const firstPageKey = (route: readonly CobranzaRouteTown[], order: readonly number[] | null) =>
  orderCards(
    route.flatMap((t) => t.entries),
    order,
  )
    .slice(0, COBRANZA_PAGE)
    .map((e) => e.loanId)
    .join(',');

/** What the screen read last (or the idle read), if still as fresh as the store. */
export function warmCobranza(db: LocalDb, today: IsoDate, order: readonly number[] | null) {
  const value = warm.get(db);
  return value && value.today === today && value.orderKey === orderKeyOf(order) ? value : undefined;
}

/** The store's write count, taken when a read starts. */
export function storeGeneration(db: LocalDb): number {
  watch(db);
  return generations.get(db) ?? 0;
}

/** Keeps a read, unless the store has been written since it started (`generation`). */
export function rememberCobranza(db: LocalDb, value: WarmCobranza, generation: number): void {
  if (generation === storeGeneration(db) && value.route.length > 0) warm.set(db, value);
}

/**
 * The app's first read ahead while it runs, per store: a screen opened meanwhile waits for it rather than read
 * the same week beside it. Only that one: the reads again after writes are not waited for (writes can come
 * every few seconds, and each would make the screen wait again).
 */
const inflight = new WeakMap<LocalDb, Promise<void>>();

export const pendingCobranza = (db: LocalDb): Promise<void> | undefined => inflight.get(db);

/** Reads the route and its first page now and keeps them; `first`: the app's first read ahead. */
export function prefetchCobranza(
  db: LocalDb,
  today: IsoDate,
  order: readonly number[] | null,
  first = false,
): Promise<void> {
  // The screen opened first reads the week itself: a second read beside it would only slow both.
  if (first && screensOpen > 0) return Promise.resolve();
  const running = readAhead(db, today, order);
  if (first) {
    const settled = running.then(
      () => {},
      () => {},
    );
    inflight.set(db, settled);
    void settled.then(() => {
      if (inflight.get(db) === settled) inflight.delete(db);
    });
  }
  return running;
}

async function readAhead(db: LocalDb, today: IsoDate, order: readonly number[] | null): Promise<void> {
  const generation = storeGeneration(db);
  // Only a route of sheets is read ahead: a town without its week's sheet is read whole (every loan and
  // schedule, to find the week's), and reading that again 3 s after each sync holds the store's reads for
  // seconds on the page, with the collector's next sync waiting behind them (decision 019, 'Causa encontrada
  // después'). Such a route is read by the screen itself.
  const route = await readCobranzaRoute(db, today, true);
  if (!route) {
    rewarms.delete(db);
    return;
  }
  rewarms.set(db, () => prefetchCobranza(db, today, order));
  const pageKey = firstPageKey(route, order);
  const ids = new Set(pageKey === '' ? [] : pageKey.split(',').map(Number));
  const page = await readCobranzaItems(db, route, ids);
  rememberCobranza(db, { today, orderKey: orderKeyOf(order), route, pageKey, page }, generation);
}

/** Drops the copy at any write to this store, and reads again once writes pause. */
function watch(db: LocalDb) {
  if (watched.has(db)) return;
  watched.add(db);
  const prefix = `idb://${db.name}/`;
  // The sync's bookkeeping (cursor, last error and time) is not read by the route: the engine writes it at
  // every start, offline too, and dropping the copy for it cost the collector's first tap its read-ahead.
  const bookkeeping = `${prefix}meta/`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  Dexie.on('storagemutated', (parts) => {
    if (!Object.keys(parts).some((key) => key.startsWith(prefix) && !key.startsWith(bookkeeping))) return;
    generations.set(db, (generations.get(db) ?? 0) + 1);
    warm.delete(db);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const rewarm = rewarms.get(db);
      if (rewarm && screensOpen === 0 && db.isOpen()) void rewarm().catch(() => {});
    }, REWARM_MS);
  });
}
