// Under storage pressure Chromium evicts an origin's IndexedDB (and its caches) but not its localStorage, so
// a phone can come back signed in (the session lives in localStorage, docs/producto.md §3) with an empty store: no
// outbox, no device id, no cursor. A small marker in localStorage remembers which device id this user's store
// had and how many entries were waiting; at start, a store that lost that id was cleared behind the app's
// back. The next sync downloads everything again (no cursor); the user is told, with what may be lost.
import type { LocalDb } from './database';
import { getMeta, setMeta } from './meta';

export interface DeviceMarker {
  clientId: string;
  /** Outbox entries still to send when the marker was last written. */
  pending: number;
}

/** What the start-up check found, kept in the store until the user has read it. */
export interface StorageCleared {
  at: string;
  /** Entries that were waiting when last counted (the worker may have sent some since). */
  pending: number;
}

const markerKey = (userId: number) => `prestamos-dispositivo-u${userId}`;

const defaultStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function readMarker(storage: Storage, userId: number): DeviceMarker | null {
  try {
    const value = JSON.parse(storage.getItem(markerKey(userId)) ?? 'null') as Partial<DeviceMarker> | null;
    return typeof value?.clientId === 'string'
      ? { clientId: value.clientId, pending: Number(value.pending) || 0 }
      : null;
  } catch {
    return null;
  }
}

/** Notes the store's device id and waiting entries (after a sync run, after a local edit). */
export async function recordDeviceMarker(db: LocalDb, userId: number, storage = defaultStorage()) {
  if (!storage) return;
  const clientId = await getMeta<string>(db, 'clientId');
  if (!clientId) return;
  const pending = await db.outbox.where('status').equals('pending').count();
  try {
    storage.setItem(markerKey(userId), JSON.stringify({ clientId, pending } satisfies DeviceMarker));
  } catch {
    // A full localStorage only costs this check; the store itself is unaffected.
  }
}

/**
 * Run before the first sync of a page: when the store no longer holds the device id the marker remembers,
 * records what was found (shown until read) and forgets the marker (the next run writes the new id).
 */
export async function checkDeviceStorage(
  db: LocalDb,
  userId: number,
  opts: { storage?: Storage | null; now?: () => Date } = {},
): Promise<StorageCleared | null> {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  if (!storage) return null;
  const marker = readMarker(storage, userId);
  if (!marker) return null;
  const clientId = await getMeta<string>(db, 'clientId');
  if (clientId === marker.clientId) return null;
  const found: StorageCleared = { at: (opts.now?.() ?? new Date()).toISOString(), pending: marker.pending };
  await setMeta(db, 'storageCleared', found);
  storage.removeItem(markerKey(userId));
  return found;
}

export const dismissStorageCleared = (db: LocalDb) => db.meta.delete('storageCleared');
