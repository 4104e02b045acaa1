import { useCallback, useState } from 'react';
import { errorMessage } from '../../session/api-error';
import type { LocalDb } from '../../store/database';
import { useLocalStore } from '../../store/local-store-context';
import { toastError } from '../../ui/toaster';
import { syncScreenTexts as t } from './sync-screen-texts';

/**
 * The user has read an answered entry (rejected or synced): it leaves the list. Pending entries cannot be
 * dismissed: they are money on its way to the server.
 */
async function acknowledgeEntries(db: LocalDb, ids: readonly number[]): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const answered = (await db.outbox.bulkGet([...ids])).filter((e) => e && e.status !== 'pending');
    await db.outbox.bulkDelete(answered.map((e) => e!.id));
    return answered.length;
  });
}

/** Removes answered entries the user has read ('Entendido', 'Marcar todos como vistos', 'Limpiar'). */
export function useAcknowledge() {
  const { db } = useLocalStore();
  const [busy, setBusy] = useState(false);
  const acknowledge = useCallback(
    async (ids: readonly number[]) => {
      setBusy(true);
      try {
        await acknowledgeEntries(db, ids);
      } catch (error) {
        toastError(`${t.errorMarcar}: ${errorMessage(error)}`);
      } finally {
        setBusy(false);
      }
    },
    [db],
  );
  return { acknowledge, busy };
}
