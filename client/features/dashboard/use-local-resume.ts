import { useLiveQuery } from 'dexie-react-hooks';
import { businessToday } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { useLocalStore } from '../../store/local-store-context';
import { schedulesOf } from '../../store/schedules';
import { localResume } from './local-resume';

/** Open loans whose rows are read between two looks at the address. */
const CHUNK = 400;

/** The dashboard computed on the device (only while `enabled`: it reads every open loan's rows). */
export function useLocalResume(enabled: boolean) {
  const { db } = useLocalStore();
  return useLiveQuery(async () => {
    if (!enabled) return null;
    // The address changes at the tap on a menu link, while this screen is still mounted (the next one
    // renders in the background): a read the user has left stops there, and the next screen gets the main
    // thread instead of waiting for these figures (as 'Cobranza' did, opened from an offline dashboard:
    // decision 019).
    const path = window.location.pathname;
    const left = () => window.location.pathname !== path;
    const [loans, totalClients, lastSyncAt] = await Promise.all([
      db.loans.toArray(),
      db.clients.count(),
      db.meta.get('lastSyncAt'),
    ]);
    const openIds = loans.filter((l) => !l.pagada).map((l) => l.id);
    const byLoan = new Map<number, Amortization[]>();
    for (let i = 0; i < openIds.length; i += CHUNK) {
      if (left()) return null;
      for (const [id, rows] of await schedulesOf(db, openIds.slice(i, i + CHUNK))) byLoan.set(id, rows);
    }
    if (left()) return null;
    return {
      resume: localResume(loans, (id) => byLoan.get(id) ?? [], totalClients, businessToday()),
      asOf: typeof lastSyncAt?.value === 'string' ? lastSyncAt.value : null,
      empty: loans.length === 0,
    };
  }, [db, enabled]);
}
