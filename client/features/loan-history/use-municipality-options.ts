import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import { readMunicipalityOptions } from './history-queries';

/** The municipalities on the device, for the filter (offline too). */
export function useMunicipalityOptions() {
  const { db } = useLocalStore();
  return useLiveResult('municipalities', () => readMunicipalityOptions(db), [db]);
}
