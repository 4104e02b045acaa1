import { useEffect } from 'react';
import { businessToday } from '../../../shared/dates';
import { findRoute } from '../../routes/registry';
import { screenOf } from '../../routes/screens';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { useOptionalLocalStore } from '../../store/local-store-context';
import { afterPaint } from '../../ui/after-paint';
import { routeOrderInUse } from './use-route-order';

/**
 * For a collector (Cobranza first in the menu): once the first screen is painted, fetch the screen's code and read
 * the week's route and first cards (cobranza-preload), so the menu tap paints at once. Renders nothing.
 */
export function CobranzaWarmup() {
  const store = useOptionalLocalStore();
  const { user } = useSession();
  const route = findRoute('/cobranza');
  // Only where Cobranza leads the menu (a collector's, docs/arquitectura.md): the office rarely opens it, and the read
  // ahead costs each of its sessions a read of the week.
  const allowed = route !== undefined && userCan(user, route.permission) && !userCan(user, 'PRESTAMOS_CREAR');
  useEffect(() => {
    if (!allowed || !route || !store) return;
    const { db, userId } = store;
    // As soon as the first screen is painted: the screen's code, then the week's read. A collector taps
    // 'Cobranza' within a second or two of opening the app; a read waiting for an idle moment was often
    // still to start then, and the screen read the week beside it instead of opening at once. A tap meanwhile
    // waits for this read (use-cobranza) instead of starting its own.
    let cancelled = false;
    void afterPaint().then(async () => {
      if (cancelled) return;
      screenOf(route)
        .preload()
        .catch(() => {});
      try {
        const m = await import('./cobranza-preload');
        if (!cancelled) await m.prefetchCobranza(db, businessToday(), routeOrderInUse(userId), true);
      } catch {
        // Only the first tap's speed depends on it: the screen reads the week itself.
      }
    });
    return () => {
      cancelled = true;
    };
  }, [allowed, route, store]);
  return null;
}
