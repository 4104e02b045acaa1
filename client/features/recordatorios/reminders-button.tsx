// Cobranza's way to 'Recordatorios' (docs/producto.md §2.24): 'Recordatorios de mañana', to the town, when one of
// the route's towns collects tomorrow; otherwise a plain 'Recordatorios', where any town can be chosen. It also
// fetches the code of the two screens a collector opens from Cobranza without signal (decision 028): they are
// left out of the service worker's precache, and the worker keeps what is fetched.
import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { addDays, type IsoDate, weekdayIndex } from '../../../shared/dates';
import { COLLECTION_DAYS, type CollectionDay } from '../../../shared/municipalities/schemas';
import { findRoute } from '../../routes/registry';
import { screenOf } from '../../routes/screens';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { afterPaint } from '../../ui/after-paint';
import { statementPath } from '../estado-de-cuenta/statement-link';
import { remindersButtonTexts as t } from './reminders-button-texts';

export const REMINDERS_PATH = '/cobranza/recordatorios';

export function RemindersButton({
  towns,
  today,
}: {
  /** The route's towns (Cobranza's read). */
  towns: readonly { municipality: { id: number; collection_day: CollectionDay } }[];
  today: IsoDate;
}) {
  const { user } = useSession();
  useEffect(() => {
    let cancelled = false;
    void afterPaint().then(() => {
      if (cancelled) return;
      for (const path of [REMINDERS_PATH, statementPath(1)]) {
        const route = findRoute(path);
        if (route && userCan(user, route.permission))
          screenOf(route)
            .preload()
            .catch(() => {});
      }
    });
    return () => {
      cancelled = true;
    };
  }, [user]);
  const route = findRoute(REMINDERS_PATH);
  if (!route || !userCan(user, route.permission)) return null;
  // The rule of next-collection.ts (COLLECTION_DAYS runs Monday to Friday, as weekdayIndex counts), written
  // here so that Cobranza's code does not carry the reminders' modules.
  const tomorrow = weekdayIndex(addDays(today, 1));
  const town = towns.find(
    (candidate) => COLLECTION_DAYS.indexOf(candidate.municipality.collection_day) === tomorrow,
  );
  return (
    <Button
      asChild
      size={{ base: 'lg', md: 'md' }}
      colorPalette="teal"
      variant={town ? 'solid' : 'ghost'}
      data-testid="reminders-button"
    >
      <Link to={town ? `${REMINDERS_PATH}?municipio=${town.municipality.id}` : REMINDERS_PATH}>
        {town ? t.botonManana : t.boton}
      </Link>
    </Button>
  );
}
