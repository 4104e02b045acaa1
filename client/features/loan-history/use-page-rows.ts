import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import { readRowsOfLoans } from './history-queries';

/**
 * The payment rows of the device loans on the current page, by loan. While another page's rows load, the
 * previous map stays: its loans' rows are still right, and loans it lacks show as loading.
 */
export function usePageRows(loanIds: readonly number[]) {
  const { db } = useLocalStore();
  const key = loanIds.join(',');
  const result = useLiveResult(`rows:${key}`, () => readRowsOfLoans(db, loanIds), [db, key]);
  return { rowsByLoan: result.latest, error: result.error };
}
