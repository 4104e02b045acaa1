// The signed-in user's store and engine, one of each per page and user (never closed under a mounted screen:
// React's strict mode unmounts and remounts, and a closed Dexie would fail the screens' live queries).
import { businessToday } from '../../shared/dates';
import { syncLockName } from '../sync/background-push';
import { SyncEngine } from '../sync/engine';
import { workerRunner } from '../sync/run-in-worker';
import { LocalDb, localDbName } from './database';
import { recordDeviceMarker } from './device-marker';

export interface LocalStore {
  userId: number;
  db: LocalDb;
  /** Null for a role that cannot read loans: it has nothing to sync. */
  engine: SyncEngine | null;
}

const stores = new Map<string, LocalStore>();

export function localStoreFor(userId: number, canSync: boolean): LocalStore {
  const key = `${userId}:${canSync}`;
  let store = stores.get(key);
  if (!store) {
    const db = [...stores.values()].find((s) => s.userId === userId)?.db ?? new LocalDb(localDbName(userId));
    const engine = canSync
      ? new SyncEngine(db, workerRunner(db, { today: () => businessToday() }), {
          lockName: syncLockName(userId),
          afterChange: () => void recordDeviceMarker(db, userId).catch(() => {}),
        })
      : null;
    store = { userId, db, engine };
    stores.set(key, store);
  }
  return store;
}
