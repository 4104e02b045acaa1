import { useEffect } from 'react';
import { businessToday } from '../../../shared/dates';
import { useOptionalLocalStore } from '../../db/local-store-context';
import { findRoute } from '../../routes/registry';
import { screenOf } from '../../routes/screens';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { afterPaint } from '../../ui/after-paint';
import { readRouteOrder } from './use-route-order';

/**
 * For a collector (Cobranza first in the menu): once the app is idle, fetch the screen's code and read the week's route and
 * first cards (cobranza-preload), so the menu tap paints at once. Renders nothing.
 */
export function CobranzaWarmup() {
  const store = useOptionalLocalStore();
  const { user } = useSession();
  const route = findRoute('/cobranza');
  // Only where Cobranza leads the menu (a collector's, DESIGN §3): the office rarely opens it, and the read
  // ahead costs each of its sessions a read of the week.
  const allowed = route !== undefined && userCan(user, route.permission) && !userCan(user, 'PRESTAMOS_CREAR');
  useEffect(() => {
    if (!allowed || !route || !store) return;
    const { db, userId } = store;
    // The screen's code as soon as the first screen is painted: a tap on the menu right away then waits
    // for no download and compile (issue 12, 'at once'); the week's read waits for an idle moment (a tap
    // meanwhile waits for that read rather than starting its own: use-cobranza).
    let cancelled = false;
    void afterPaint().then(() => {
      if (!cancelled)
        screenOf(route)
          .preload()
          .catch(() => {});
    });
    const run = () => {
      void import('./cobranza-preload')
        .then((m) => m.prefetchCobranza(db, businessToday(), readRouteOrder(userId), true))
        .catch(() => {});
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 3000 });
      return () => {
        cancelled = true;
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(run, 1000);
    return () => {
      cancelled = true;
      clearTimeout(id);
    };
  }, [allowed, route, store]);
  return null;
}
