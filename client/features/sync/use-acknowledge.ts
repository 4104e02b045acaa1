import { useCallback, useState } from 'react';
import { acknowledgeEntries } from '../../db/acknowledge';
import { useLocalStore } from '../../db/local-store-context';
import { errorMessage } from '../../session/api-error';
import { toastError } from '../../ui/toaster';
import { syncScreenTexts as t } from './sync-screen-texts';

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
