import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useLocalStore } from '../store/local-store-context';
import { useOnline } from '../ui/use-online';
import type { EngineStatus } from './engine';
import type { SyncProgress } from './worker-protocol';

export interface SyncStatus {
  online: boolean;
  running: boolean;
  pending: number;
  rejected: number;
  lastSyncAt: string | null;
  lastError: string | null;
  snapshotComplete: boolean;
  nextRetryAt: number | null;
  /** The run going on, if it is a full download: rows stored of the server's count. */
  progress: SyncProgress | null;
}

const idle: EngineStatus = { running: false, nextRetryAt: null, progress: null };
const noEngine = () => () => {};

/** What the header indicator and the 'Pendientes' screen show, live across tabs. */
export function useSyncStatus(): SyncStatus {
  const { db, engine } = useLocalStore();
  const online = useOnline();
  const engineStatus = useSyncExternalStore(engine?.subscribe ?? noEngine, engine?.getStatus ?? (() => idle));
  const stored = useLiveQuery(async () => {
    const [pending, rejected, meta] = await Promise.all([
      db.outbox.where('status').equals('pending').count(),
      db.outbox.where('status').equals('rejected').count(),
      db.meta.bulkGet(['lastSyncAt', 'lastError', 'snapshotComplete']),
    ]);
    return { pending, rejected, meta: meta.map((m) => m?.value ?? null) };
  }, [db]);
  const [lastSyncAt, lastError, snapshotComplete] = stored?.meta ?? [null, null, null];
  return {
    online,
    running: engineStatus.running,
    nextRetryAt: engineStatus.nextRetryAt,
    progress: engineStatus.progress,
    pending: stored?.pending ?? 0,
    rejected: stored?.rejected ?? 0,
    lastSyncAt: typeof lastSyncAt === 'string' ? lastSyncAt : null,
    lastError: typeof lastError === 'string' ? lastError : null,
    snapshotComplete: snapshotComplete === true,
  };
}
