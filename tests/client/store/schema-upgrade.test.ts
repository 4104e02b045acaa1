import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import { LocalDb } from '../../../client/store/database';
import { putScheduleRows } from '../../../client/store/schedules';
import { rowById } from '../helpers/schedule-rows';
import { freshDb, loanFixture, TODAY } from '../helpers/sync-fixtures';

/** What a later release does: the same schema plus a new index, as the next version. */
class NextLocalDb extends LocalDb {
  constructor(name: string) {
    super(name);
    this.version(9).stores({ visits: 'id, loan_id, fecha' });
  }
}

test('a newer schema version opens the store with the outbox and the rows intact', async () => {
  const db = freshDb();
  const { loan, rows } = loanFixture(1);
  await db.loans.put(loan);
  await putScheduleRows(db, rows);
  await recordPayment(
    db,
    { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } },
    { userId: 1, today: TODAY, now: new Date() },
  );
  db.close();

  const upgraded = new NextLocalDb(db.name);
  expect((await upgraded.outbox.toArray()).map((e) => [e.id, e.status])).toEqual([[1, 'pending']]);
  expect((await rowById(upgraded, 101))!.pagada).toBe(true);
  expect(upgraded.verno).toBe(11);
  expect((await upgraded.loans.get(1))?.fecha_fin).toBe(loan.fecha_fin);
  expect(await upgraded.visits.where('fecha').above('').count()).toBe(0);
  upgraded.close();
});
