import type { LocalDb } from './database';

/**
 * The user has read an answered entry (rejected or synced): it leaves the list. Pending entries cannot be
 * dismissed: they are money on its way to the server.
 */
export async function acknowledgeEntries(db: LocalDb, ids: readonly number[]): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const answered = (await db.outbox.bulkGet([...ids])).filter((e) => e && e.status !== 'pending');
    await db.outbox.bulkDelete(answered.map((e) => e!.id));
    return answered.length;
  });
}
