import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LocalDb } from '../store/database';
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
  /**
   * Since when (ISO) runs fail without reaching the server although the browser may say it is online (a dead
   * link, a captive portal, the server down); null once a run reaches it.
   */
  unreachableSince: string | null;
  snapshotComplete: boolean;
  nextRetryAt: number | null;
  /** The run going on, if it is a full download: rows stored of the server's count. */
  progress: SyncProgress | null;
}

/** What the screens read of the store: the outbox's counts and the last run's traces in `meta`. */
export async function storedSyncStatus(db: LocalDb) {
  const [pending, rejected, meta] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.outbox.where('status').equals('rejected').count(),
    db.meta.bulkGet(['lastSyncAt', 'lastError', 'unreachableSince', 'snapshotComplete']),
  ]);
  const [lastSyncAt, lastError, unreachableSince, snapshotComplete] = meta.map((m) => m?.value ?? null);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    pending,
    rejected,
    lastSyncAt: text(lastSyncAt),
    lastError: text(lastError),
    unreachableSince: text(unreachableSince),
    snapshotComplete: snapshotComplete === true,
  };
}

const idle: EngineStatus = { running: false, nextRetryAt: null, progress: null };
const noEngine = () => () => {};

/** What the header indicator and the 'Pendientes' screen show, live across tabs. */
export function useSyncStatus(): SyncStatus {
  const { db, engine } = useLocalStore();
  const online = useOnline();
  const engineStatus = useSyncExternalStore(engine?.subscribe ?? noEngine, engine?.getStatus ?? (() => idle));
  const stored = useLiveQuery(() => storedSyncStatus(db), [db]);
  return {
    online,
    running: engineStatus.running,
    nextRetryAt: engineStatus.nextRetryAt,
    progress: engineStatus.progress,
    pending: stored?.pending ?? 0,
    rejected: stored?.rejected ?? 0,
    lastSyncAt: stored?.lastSyncAt ?? null,
    lastError: stored?.lastError ?? null,
    unreachableSince: stored?.unreachableSince ?? null,
    snapshotComplete: stored?.snapshotComplete ?? false,
  };
}
