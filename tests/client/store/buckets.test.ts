// Decision 019: clients, loans and schedules live in buckets of ids. Callers read and write rows; these tests
// hold the store to what a table of rows would answer, across many buckets.
import 'fake-indexeddb/auto';
import { afterEach, expect, test } from 'vitest';
import { readDeviceLoans, readDeviceLoansPage } from '../../../client/features/loans/use-device-loans';
import type { LocalDb } from '../../../client/store/database';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../helpers/sync-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function store() {
  const db = freshDb();
  open.push(db);
  return db;
}

/** Loans 1..n spread over many buckets, created in an order unrelated to their ids. */
const loans = (n: number) =>
  Array.from({ length: n }, (_, k) => {
    const id = k * 37 + 1;
    const minute = (k * 7919) % 600;
    return loanFixture(id, {
      client_id: id,
      created_at: `2026-11-${String(1 + Math.floor(minute / 60)).padStart(2, '0')}T10:${String(minute % 60).padStart(2, '0')}:00Z`,
    }).loan;
  });

test('rows are found, replaced and removed by id whichever bucket holds them', async () => {
  const db = store();
  const all = loans(300);
  await db.loans.bulkPut(all);
  expect(await db.loans.count()).toBe(300);
  expect(await db.loan_buckets.count()).toBeLessThan(300);
  expect((await db.loans.toArray()).map((l) => l.id)).toEqual(all.map((l) => l.id));
  expect((await db.loans.get(all[150]!.id))?.id).toBe(all[150]!.id);
  expect(await db.loans.get(2)).toBeUndefined();
  expect((await db.loans.bulkGet([all[299]!.id, 2, all[0]!.id])).map((l) => l?.id)).toEqual([
    all[299]!.id,
    undefined,
    all[0]!.id,
  ]);

  await db.loans.put({ ...all[10]!, grupo: 9 });
  expect((await db.loans.get(all[10]!.id))?.grupo).toBe(9);
  expect(await db.loans.count()).toBe(300);

  await db.loans.bulkDelete(all.slice(0, 100).map((l) => l.id));
  expect(await db.loans.count()).toBe(200);
  expect(await db.loans.get(all[0]!.id)).toBeUndefined();
  await db.loans.keepWhere((l) => l.id === all[299]!.id);
  expect((await db.loans.toArray()).map((l) => l.id)).toEqual([all[299]!.id]);
  // A bucket left empty goes: the store holds one record for the one loan left.
  expect(await db.loan_buckets.count()).toBe(1);
});

test('a row without an id is refused and nothing of the write is kept', async () => {
  const db = store();
  const [good] = loans(1);
  await expect(db.loans.bulkPut([good!, { ...good!, id: Number.NaN }])).rejects.toThrow(TypeError);
  expect(await db.loans.count()).toBe(0);
});

test('each page of the loans list read from the newest buckets is the page the whole list shows', async () => {
  const db = store();
  const all = loans(300);
  await db.loans.bulkPut(all);
  await db.clients.bulkPut(all.map((l) => clientFixture(l.client_id)));
  await db.municipalities.put(municipalityFixture());
  const whole = (await readDeviceLoans(db, TODAY)).rows;
  for (const page of [1, 2, 7, 30]) {
    const early = await readDeviceLoansPage(db, TODAY, page);
    expect(early.total).toBe(300);
    expect(early.rows).toEqual(whole.slice((page - 1) * 10, page * 10));
  }
});
