// A phone whose browser emptied the app's IndexedDB (eviction keeps localStorage, so the session survives) is
// recognised at start, says how many entries were waiting, and syncs from scratch (docs/sincronizacion.md §8).
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import {
  checkDeviceStorage,
  dismissStorageCleared,
  recordDeviceMarker,
} from '../../../client/store/device-marker';
import { getMeta } from '../../../client/store/meta';
import { syncOnce } from '../../../client/sync/run';
import { freshDb, loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** localStorage as the browser keeps it: strings by key. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };

/** A device that synced once and then recorded two payments with no signal. */
async function usedDevice() {
  const db = freshDb();
  open.push(db);
  const one = loanFixture(1);
  await syncOnce(
    db,
    scriptedTransport({ pull: () => page('c1', { loans: [one.loan], amortizations: one.rows }) }).transport,
    { today: () => TODAY },
  );
  await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
  await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
  return db;
}

test('a store emptied behind the app is found at start, with the entries that were waiting', async () => {
  const storage = memoryStorage();
  const before = await usedDevice();
  await recordDeviceMarker(before, 7, storage);

  // The browser evicts IndexedDB; the session and the marker in localStorage remain.
  const after = freshDb();
  open.push(after);
  const found = await checkDeviceStorage(after, 7, { storage, now: () => new Date('2026-11-21T09:00:00Z') });
  expect(found).toEqual({ at: '2026-11-21T09:00:00.000Z', pending: 2 });
  expect(await getMeta(after, 'storageCleared')).toEqual(found);
  // Said once: the next start finds nothing new, and reading it clears the notice.
  expect(await checkDeviceStorage(after, 7, { storage })).toBeNull();
  await dismissStorageCleared(after);
  expect(await getMeta(after, 'storageCleared')).toBeUndefined();

  // The next sync has no cursor: a full download; then the new device id is remembered.
  const server = scriptedTransport({
    pull: () => page('c1', { loans: [loanFixture(1).loan], amortizations: loanFixture(1).rows }),
  });
  await syncOnce(after, server.transport, { today: () => TODAY });
  expect(server.pulls).toEqual([null]);
  await recordDeviceMarker(after, 7, storage);
  expect(await checkDeviceStorage(after, 7, { storage })).toBeNull();
});

test('the same store, another user, or a device that never synced: nothing to say', async () => {
  const storage = memoryStorage();
  const db = await usedDevice();
  await recordDeviceMarker(db, 7, storage);
  expect(await checkDeviceStorage(db, 7, { storage })).toBeNull();
  // Another user's store on the same phone has its own marker (none yet).
  const other = freshDb();
  open.push(other);
  expect(await checkDeviceStorage(other, 8, { storage })).toBeNull();
  // A store that never synced has no device id to remember.
  const never = freshDb();
  open.push(never);
  await recordDeviceMarker(never, 9, storage);
  expect(storage.getItem('prestamos-dispositivo-u9')).toBeNull();
  // A damaged marker is ignored, never a failure at start.
  storage.setItem('prestamos-dispositivo-u10', '{no es json');
  expect(await checkDeviceStorage(never, 10, { storage })).toBeNull();
});
