import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalStore } from '../../db/local-store-context';

/**
 * How many rows of each shown loan are paid, read from the device for the visible page only (ten loans,
 * ~140 rows): num_pago counts the weeks already due (DESIGN §5), so a payment does not move it; this does.
 * Live, so the card shows the new count in the frame after the payment is stored.
 */
export function usePaidCounts(loanIds: readonly number[]): ReadonlyMap<number, number> | undefined {
  const { db } = useLocalStore();
  const key = loanIds.join(',');
  return useLiveQuery(async () => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const rows = await db.amortizations.where('loan_id').anyOf(ids).toArray();
    const counts = new Map<number, number>(ids.map((id) => [id, 0]));
    for (const r of rows) if (r.pagada) counts.set(r.loan_id, (counts.get(r.loan_id) ?? 0) + 1);
    return counts;
  }, [db, key]);
}
