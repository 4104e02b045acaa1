import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalStore } from './local-store-context';

/**
 * Whether the device has received a full snapshot (screens say "still loading" until then). Its own live
 * query, so a screen that needs only this does not re-render on every payment or sync status change.
 */
export function useSnapshotComplete(): boolean {
  const { db } = useLocalStore();
  return useLiveQuery(async () => (await db.meta.get('snapshotComplete'))?.value === true, [db]) ?? false;
}
