import { useCallback, useState } from 'react';
import type { SyncConflict } from '../../../shared/sync/types';
import { apiPost, errorMessage } from '../../session/api-client';
import { toastError, toastSuccess } from '../../ui/toaster';
import { conflictTexts as t } from './conflict-texts';

/** 'Marcar como revisado': POST the review, say so, and reload the list. */
export function useReviewConflict(onReviewed: () => void) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const review = useCallback(
    async (conflict: SyncConflict) => {
      setBusyId(conflict.id);
      try {
        await apiPost<{ data: SyncConflict }>(`sync/conflicts/${conflict.id}/review`);
        toastSuccess(t.marcado);
        onReviewed();
      } catch (error) {
        toastError(`${t.marcarError}: ${errorMessage(error)}`);
      } finally {
        setBusyId(null);
      }
    },
    [onReviewed],
  );
  return { review, busyId };
}
