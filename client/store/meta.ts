import type { LocalDb } from './database';
import type { MetaKey } from './local-types';

export async function getMeta<T>(db: LocalDb, key: MetaKey): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export const setMeta = (db: LocalDb, key: MetaKey, value: unknown) => db.meta.put({ key, value });

/** This installation's id for the sync protocol, made once (docs/sincronizacion.md identity). */
export async function ensureClientId(db: LocalDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string>(db, 'clientId');
    if (existing) return existing;
    const id = crypto.randomUUID();
    await setMeta(db, 'clientId', id);
    return id;
  });
}

/** The next mutation id; call inside a transaction that includes `meta`, so two tabs never share one. */
export async function takeMutationId(db: LocalDb): Promise<number> {
  const next = (await getMeta<number>(db, 'nextMutationId')) ?? 1;
  await setMeta(db, 'nextMutationId', next + 1);
  return next;
}

/** Records the last id the server processed; answers arrive out of order, so it only moves forward. */
export async function raiseServerLastMutationId(db: LocalDb, id: number): Promise<void> {
  const known = (await getMeta<number>(db, 'serverLastMutationId')) ?? 0;
  if (id > known) await setMeta(db, 'serverLastMutationId', id);
}
