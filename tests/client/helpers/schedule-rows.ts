// Reading the device's amortizaciones by row, as the tests assert them: the store keeps them per loan.
import type { LocalDb } from '../../../client/store/database';
import type { LocalAmortization } from '../../../client/store/local-types';

/** Every row on the device, loan after loan. */
export async function allRows(db: LocalDb): Promise<LocalAmortization[]> {
  return (await db.schedules.toArray()).flatMap((s) => s.rows);
}

/** The row with this id, wherever its loan is. */
export async function rowById(db: LocalDb, id: number): Promise<LocalAmortization | undefined> {
  return (await allRows(db)).find((r) => r.id === id);
}

export async function rowsById(
  db: LocalDb,
  ids: readonly number[],
): Promise<(LocalAmortization | undefined)[]> {
  const rows = new Map((await allRows(db)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id));
}
