import { useLiveQuery } from 'dexie-react-hooks';
import { businessToday } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { useLocalStore } from '../../db/local-store-context';
import { schedulesOf } from '../../db/schedules';
import { localResume } from './local-resume';

/** The dashboard computed on the device (only while `enabled`: it reads every open loan's rows). */
export function useLocalResume(enabled: boolean) {
  const { db } = useLocalStore();
  return useLiveQuery(async () => {
    if (!enabled) return null;
    const [loans, totalClients, lastSyncAt] = await Promise.all([
      db.loans.toArray(),
      db.clients.count(),
      db.meta.get('lastSyncAt'),
    ]);
    const openIds = loans.filter((l) => !l.pagada).map((l) => l.id);
    const byLoan: Map<number, Amortization[]> = await schedulesOf(db, openIds);
    return {
      resume: localResume(loans, (id) => byLoan.get(id) ?? [], totalClients, businessToday()),
      asOf: typeof lastSyncAt?.value === 'string' ? lastSyncAt.value : null,
      empty: loans.length === 0,
    };
  }, [db, enabled]);
}
