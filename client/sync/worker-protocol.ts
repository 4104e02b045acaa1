// The messages between a page and its sync worker (docs/sincronizacion.md §6; decision 013): the worker pulls,
// applies and pushes; the page lends it the session's access token and hears progress. Screens learn of the
// rows the worker stores the way they learn of another tab's: Dexie's change notices across contexts.
import type { ApiErrorCode } from '../session/api-error';

export interface SyncProgress {
  /** Rows (of every entity, and tombstones) stored by this run so far. */
  stored: number;
  /** Rows the server counted for a full download; null on an incremental run. */
  total: number | null;
  pages: number;
  /** When the run started (ms since epoch), for the time left. */
  startedAt: number;
}

export type PageToWorker =
  | { type: 'run'; runId: number; dbName: string; today: string }
  | { type: 'token'; requestId: number; token: string | null; error?: WireError };

export type WorkerToPage =
  | { type: 'token'; requestId: number; stale: string | null }
  | { type: 'progress'; runId: number; progress: SyncProgress }
  | { type: 'done'; runId: number; pushed: number; pages: number }
  | { type: 'failed'; runId: number; error: WireError };

/** An error as it crosses to the page: enough to rebuild the same ApiError or SyncError there. */
export interface WireError {
  kind: 'api' | 'sync' | 'other';
  message: string;
  status?: number;
  code?: ApiErrorCode;
}
