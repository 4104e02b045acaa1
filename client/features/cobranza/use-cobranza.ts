// The collector's week, live from the device store, in two reads so a 500-loan week opens at once offline
// (the sheet screen's approach, decision 007): the route (sheet loans only: their route fields order and search
// the week) and the first page of cards; then, once those are on screen, every loan of the week for the
// totals and the pending/done filter. A tap's card is computed here (paymentOverride, visitOverride) and
// shown through the page's TapStore until the live read shows the write.
import { useLiveQuery } from 'dexie-react-hooks';
import { use, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { businessToday, type IsoDate } from '../../../shared/dates';
import type { Cents } from '../../../shared/money';
import { previewPayment } from '../../mutators/record-payment';
import type { LocalDb } from '../../store/database';
import type { DevicePayment } from '../../store/device-payments';
import { useLocalStore } from '../../store/local-store-context';
import { type CardModel, cardModel, sameCard, type VisitMark } from './cobranza-model';
import {
  cobranzaScreenOpened,
  firstPageKey,
  orderKeyOf,
  pendingCobranza,
  rememberCobranza,
  storeGeneration,
  warmCobranza,
} from './cobranza-preload';
import { cobranzaTexts } from './cobranza-texts';
import {
  type CobranzaItem,
  type CobranzaRouteTown,
  type RouteEntry,
  readCobranzaItems,
  readCobranzaRoute,
} from './read-cobranza';
import { orderCards, searchRoute } from './route-order';
import type { TapOverride } from './tap-store';

/** A read's answer, with the store's write count when it started (cobranza-preload keeps only fresh ones). */
type Read<T> =
  | { data: T; error: null; generation: number }
  | { data: null; error: string; generation: number };

/** Runs `read`, noting the store's write count first. */
function reading<T>(db: LocalDb, read: () => Promise<T>): Promise<Read<T>> {
  const generation = storeGeneration(db);
  return read().then(
    (data) => ({ data, error: null, generation }),
    (error: unknown) => ({
      data: null,
      error: error instanceof Error ? error.message : String(error),
      generation,
    }),
  );
}

/** The read-ahead copy as a first answer; -1: never kept again. */
const warmAnswer = <T>(data: T): Read<T> => ({ data, error: null, generation: -1 });

export function useCobranza({
  order,
  search,
  limit,
}: {
  /** The collector's own order (loan ids), or null for the sheet's. */
  order: readonly number[] | null;
  search: string;
  /** Cards on screen: the first read brings only these. */
  limit: number;
}) {
  const { db } = useLocalStore();
  const today: IsoDate = businessToday();
  // Read ahead while the phone was idle (cobranza-preload): the first render already has cards. A read ahead
  // still running is waited for (the screen suspends): reading the same week a second time beside it would
  // only slow both on a slow phone.
  const pending = warmCobranza(db, today, order) ? undefined : pendingCobranza(db);
  if (pending) use(pending);
  const [initial] = useState(() => warmCobranza(db, today, order));
  useEffect(() => cobranzaScreenOpened(), []);
  const route = useLiveQuery(
    () => reading(db, () => readCobranzaRoute(db, today)),
    [db, today],
    initial ? warmAnswer(initial.route) : undefined,
  );
  const towns: CobranzaRouteTown[] | null = route?.data ?? null;

  const ordered = useMemo(
    (): RouteEntry[] =>
      towns
        ? orderCards(
            towns.flatMap((t) => t.entries),
            order,
          )
        : [],
    [towns, order],
  );
  const searched = useMemo(() => searchRoute(ordered, search), [ordered, search]);

  // The whole week, started a frame after the first cards are on screen.
  const [wholeStarted, setWholeStarted] = useState(false);
  const whole = useLiveQuery(
    () =>
      wholeStarted && towns
        ? reading(db, () => readCobranzaItems(db, towns, null))
        : Promise.resolve(undefined),
    [db, towns, wholeStarted],
  );
  // The whole week's cards are worked out in a background render (interruptible): a tap is never queued
  // behind 500 cards being recomputed.
  const wholeRead = useDeferredValue(whole?.data ? whole : null);
  const wholeData = wholeRead?.data ?? null;
  const complete = wholeData !== null;

  const pageKey = complete
    ? ''
    : searched
        .slice(0, limit)
        .map((e) => e.loanId)
        .join(',');
  const page = useLiveQuery(
    () =>
      towns && !complete
        ? reading(db, () =>
            readCobranzaItems(db, towns, new Set(pageKey === '' ? [] : pageKey.split(',').map(Number))),
          )
        : Promise.resolve(undefined),
    [db, towns, pageKey, complete],
    initial && initial.pageKey === pageKey ? warmAnswer(initial.page) : undefined,
  );

  // The first page as last read, for the next opening.
  useEffect(() => {
    const source = wholeRead ?? page;
    if (!towns || !route || !source?.data) return;
    const key = firstPageKey(towns, order);
    const ids = new Set(key === '' ? [] : key.split(',').map(Number));
    const first = source.data.filter((i) => ids.has(i.input.loanId));
    if (first.length !== ids.size) return;
    rememberCobranza(
      db,
      { today, orderKey: orderKeyOf(order), route: towns, pageKey: key, page: first },
      Math.min(route.generation, source.generation),
    );
  }, [db, today, towns, route, order, wholeRead, page]);

  useEffect(() => {
    if (wholeStarted || !page?.data) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWholeStarted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [page, wholeStarted]);

  const items: readonly CobranzaItem[] = useMemo(() => wholeData ?? page?.data ?? [], [wholeData, page]);

  const itemById = useMemo(() => new Map(items.map((i) => [i.input.loanId, i])), [items]);
  // Each card once per read; a new read of an unchanged loan keeps its card object (no repaint).
  const previous = useRef<ReadonlyMap<number, CardModel>>(new Map());
  const cards = useMemo(() => {
    const next = new Map<number, CardModel>();
    for (const item of items) {
      const card = cardModel(item.input, item.week, today);
      const before = previous.current.get(item.input.loanId);
      next.set(item.input.loanId, before && sameCard(before, card) ? before : card);
    }
    return next;
  }, [items, today]);
  useEffect(() => {
    previous.current = cards;
  }, [cards]);

  const itemOf = useCallback((loanId: number) => itemById.get(loanId), [itemById]);

  /**
   * The card as a payment of `amount` leaves it (the allocation the outbox write runs), from the rows and payments
   * an earlier tap left when the read has not caught up yet; or the reason it is refused (the server's).
   */
  const paymentOverride = useCallback(
    (
      loanId: number,
      amount: Cents,
      earlier: TapOverride | undefined,
    ): { ok: true; override: TapOverride } | { ok: false; message: string } => {
      const item = itemById.get(loanId);
      const base = cards.get(loanId);
      if (!item || !base) return { ok: false, message: cobranzaTexts.errorCarga };
      const rows = earlier?.rows ?? item.input.rows;
      const preview = previewPayment(item.detail.loan, rows, { kind: 'pago', loanId, amount }, today);
      if (!preview.ok) return preview;
      const changed = new Map(preview.changed.map((r) => [r.id, r]));
      const after = rows.map((r) => changed.get(r.id) ?? r);
      const paid: DevicePayment = {
        receiptId: `tap-${loanId}-${(earlier?.payments ?? []).length}`,
        loanId,
        fecha: today,
        amount,
        userId: null,
        synced: false,
      };
      const payments = [...(earlier?.payments ?? item.input.payments), paid];
      const visits = earlier?.visit ? [...item.input.visits, earlier.visit] : item.input.visits;
      const input = { ...item.input, rows: after, payments, visits, pendingSync: true };
      return {
        ok: true,
        override: {
          base,
          card: cardModel(input, item.week, today),
          rows: after,
          payments,
          visit: earlier?.visit,
        },
      };
    },
    [itemById, cards, today],
  );

  /** The card with a visit recorded. */
  const visitOverride = useCallback(
    (loanId: number, visit: VisitMark, earlier: TapOverride | undefined): TapOverride | null => {
      const item = itemById.get(loanId);
      const base = cards.get(loanId);
      if (!item || !base) return null;
      const rows = earlier?.rows ?? item.input.rows;
      const payments = earlier?.payments ?? item.input.payments;
      const input = {
        ...item.input,
        rows,
        payments,
        visits: [...item.input.visits, visit],
        pendingSync: true,
      };
      return {
        base,
        card: cardModel(input, item.week, today),
        rows: earlier?.rows,
        payments: earlier?.payments,
        visit,
      };
    },
    [itemById, cards, today],
  );

  return {
    towns,
    error: route?.error ?? whole?.error ?? page?.error ?? null,
    loading: route === undefined || (!complete && page === undefined),
    /** Every loan of the week has been read: totals and the pending/done filter are exact. */
    complete,
    /** The week's loans in route order, and those the search leaves. */
    ordered,
    searched,
    cards,
    itemOf,
    paymentOverride,
    visitOverride,
    today,
  };
}
