import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import { readHistoryEntries } from './history-queries';

/** The device's loans of a municipality (null: all), sorted, live: a pull or a payment updates them. */
export function useDeviceHistory(municipalityId: number | null) {
  const { db } = useLocalStore();
  return useLiveResult(`history:${municipalityId ?? 'all'}`, () => readHistoryEntries(db, municipalityId), [
    db,
    municipalityId,
  ]);
}
