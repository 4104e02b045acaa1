import { useCallback, useState } from 'react';
import { ROUTE_VIEWS, type RouteView } from './route-order';

const keyOf = (userId: number) => `cobranza-orden-u${userId}`;

/** The collector's own order kept on this phone, or null. */
export function readRouteOrder(userId: number): number[] | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((n) => Number.isSafeInteger(n))
      ? (parsed as number[])
      : null;
  } catch {
    return null;
  }
}

/** The collector's own route order (loan ids), kept on this phone for this user; null: the sheet's order. */
export function useRouteOrder(userId: number) {
  const [order, setOrder] = useState<number[] | null>(() => readRouteOrder(userId));
  const save = useCallback(
    (next: number[] | null) => {
      setOrder(next);
      try {
        if (next) localStorage.setItem(keyOf(userId), JSON.stringify(next));
        else localStorage.removeItem(keyOf(userId));
      } catch {
        // A full or blocked storage only loses the custom order, never a payment.
      }
    },
    [userId],
  );
  return { order, save };
}

const viewKeyOf = (userId: number) => `cobranza-vista-u${userId}`;

/** The own order when 'Mi orden' is the chosen view (what Cobranza will read first), else null. */
export function routeOrderInUse(userId: number): number[] | null {
  const order = readRouteOrder(userId);
  try {
    const view = localStorage.getItem(viewKeyOf(userId));
    return view === null || view === 'mio' ? order : null;
  } catch {
    return order;
  }
}

/**
 * The order the collector chose ('Ruta', 'Atrasados primero', 'Mi orden'), kept on this phone for this user. Before
 * there was a choice, a saved own order meant 'Mi orden': a phone that has one opens as before.
 */
export function useRouteView(userId: number, hasOwnOrder: boolean) {
  const [view, setView] = useState<RouteView>(() => {
    try {
      const saved = localStorage.getItem(viewKeyOf(userId));
      if (saved && (ROUTE_VIEWS as readonly string[]).includes(saved)) return saved as RouteView;
    } catch {
      // No storage: the default below.
    }
    return hasOwnOrder ? 'mio' : 'ruta';
  });
  const choose = useCallback(
    (next: RouteView) => {
      setView(next);
      try {
        localStorage.setItem(viewKeyOf(userId), next);
      } catch {
        // A full or blocked storage only forgets the choice.
      }
    },
    [userId],
  );
  return { view, choose };
}
