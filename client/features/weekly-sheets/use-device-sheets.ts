import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncWeeklySheet } from '../../../shared/sync/types';
import { useLocalStore } from '../../store/local-store-context';

export interface DeviceSheet extends SyncWeeklySheet {
  municipality_name: string;
}

type Answer = { sheets: DeviceSheet[]; error: null } | { sheets: null; error: string };

/** The sheets the device keeps (12 weeks, docs/sincronizacion.md), newest coverage first, live: it opens offline. */
export function useDeviceSheets() {
  const { db } = useLocalStore();
  const answer = useLiveQuery(async (): Promise<Answer> => {
    try {
      const [sheets, towns] = await Promise.all([db.weekly_sheets.toArray(), db.municipalities.toArray()]);
      const names = new Map(towns.map((m) => [m.id, m.name]));
      const rows = sheets
        .map((s) => ({ ...s, municipality_name: names.get(s.municipality_id) ?? '—' }))
        .sort((a, b) => b.coverage_week.localeCompare(a.coverage_week) || b.id - a.id);
      return { sheets: rows, error: null };
    } catch (error) {
      return { sheets: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [db]);
  return { sheets: answer?.sheets ?? null, error: answer?.error ?? null, loading: answer === undefined };
}
