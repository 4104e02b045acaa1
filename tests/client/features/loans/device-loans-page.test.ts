import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { readDeviceLoans, readDeviceLoansPage } from '../../../../client/features/loans/use-device-loans';
import { LocalDb } from '../../../../client/store/database';
import { legacyStore } from '../../helpers/legacy-store';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const client = (id: number) => clientFixture(id, { coordinadora: id % 3 === 0 });

/** 27 loans whose creation times repeat (loans saved in the same instant), stored out of order. */
async function seeded() {
  const db = freshDb();
  open.push(db);
  const ids = Array.from({ length: 27 }, (_, k) => ((k * 7) % 27) + 1);
  const loans = ids.map((id) =>
    loanFixture(id, {
      client_id: 100 + id,
      created_at: `2026-11-${String(10 + (id % 5)).padStart(2, '0')}T12:00:00Z`,
    }),
  );
  await db.loans.bulkPut(loans.map((l) => l.loan));
  await db.clients.bulkPut(ids.map((id) => client(100 + id)));
  await db.municipalities.put(municipalityFixture());
  return db;
}

describe('the first page of the loans list, read before the whole list', () => {
  test('each page holds the same loans, in the same order, as the whole list would show', async () => {
    const db = await seeded();
    const whole = (await readDeviceLoans(db, TODAY)).rows;
    for (const page of [1, 2, 3]) {
      const early = await readDeviceLoansPage(db, TODAY, page);
      expect(early.total).toBe(27);
      expect(early.rows).toEqual(whole.slice((page - 1) * 10, page * 10));
    }
  });

  test('a page past the end reads the last one', async () => {
    const db = await seeded();
    expect((await readDeviceLoansPage(db, TODAY, 9)).rows.map((r) => r.id)).toEqual(
      (await readDeviceLoansPage(db, TODAY, 3)).rows.map((r) => r.id),
    );
  });
});

test('a store of the first schema version opens with the new indexes, its outbox and its loans intact', async () => {
  const name = `v1-${Date.now()}`;
  const v1 = legacyStore(name, 1);
  await v1
    .table('loans')
    .bulkPut([loanFixture(1).loan, loanFixture(2, { created_at: '2026-12-01T00:00:00Z' }).loan]);
  await v1.table('amortizations').bulkPut(loanFixture(1).rows);
  await v1.table('outbox').put({ id: 1, status: 'pending', loanId: 1 });
  await v1.table('weekly_sheet_loans').put({ id: 9, weekly_sheet_id: 4, loan_id: 1, orden_ruta: 0 });
  v1.close();

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(11);
  expect(await db.outbox.count()).toBe(1);
  // Version 5 keeps each loan's amortizaciones in one record.
  expect((await db.schedules.get(1))?.rows.map((r) => r.id)).toEqual(loanFixture(1).rows.map((r) => r.id));
  // Version 4 adds the visits, empty until the next pull brings them.
  expect(await db.visits.count()).toBe(0);
  expect((await readDeviceLoansPage(db, TODAY, 1)).rows.map((r) => r.id)).toEqual([2, 1]);
  // Version 3's route index covers the sheet loans the store already held.
  expect(await db.weekly_sheet_loans.where('[weekly_sheet_id+orden_ruta]').equals([4, 0]).count()).toBe(1);
});
