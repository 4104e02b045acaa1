import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalStore } from '../../store/local-store-context';
import { schedulesOf } from '../../store/schedules';

/**
 * How many rows of each shown loan are paid, read from the device for the visible page only (ten loans,
 * ~140 rows): num_pago counts the weeks already due (docs/reglas-del-negocio.md), so a payment does not move it; this does.
 * Live, so the card shows the new count in the frame after the payment is stored.
 */
export function usePaidCounts(loanIds: readonly number[]): ReadonlyMap<number, number> | undefined {
  const { db } = useLocalStore();
  const key = loanIds.join(',');
  return useLiveQuery(async () => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const schedules = await schedulesOf(db, ids);
    return new Map([...schedules].map(([id, rows]) => [id, rows.filter((r) => r.pagada).length]));
  }, [db, key]);
}
