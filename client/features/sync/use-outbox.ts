import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import { groupOutbox } from './outbox-groups';

/** This device's outbox, grouped and live (a push answer moves entries between groups at once). */
export function useOutbox() {
  const { db } = useLocalStore();
  const result = useLiveResult('outbox', async () => groupOutbox(await db.outbox.toArray()), [db]);
  return { groups: result.data, error: result.error, loading: result.loading };
}
