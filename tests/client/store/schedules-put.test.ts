// Rows put into their loans' schedules merge with what the device holds, whether the page's loans are a dense
// run of ids (read as one range) or scattered (read one by one).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import type { LocalDb } from '../../../client/store/database';
import { putScheduleRows, scheduleOf } from '../../../client/store/schedules';
import { freshDb, loanFixture } from '../helpers/sync-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function deviceWith(loanIds: number[]) {
  const db = freshDb();
  open.push(db);
  // Each loan's first half of rows already stored.
  for (const id of loanIds) await putScheduleRows(db, loanFixture(id).rows.slice(0, 7));
  return db;
}

describe('putScheduleRows', () => {
  test.each([
    ['a dense run of loans', [10, 11, 12, 13]],
    ['scattered loans', [2, 500, 9000]],
  ])('%s: new rows join the stored ones, changed rows replace theirs', async (_, loanIds) => {
    const db = await deviceWith([...loanIds, 14, 499]);
    const changed = { ...loanFixture(loanIds[0]!).rows[0]!, pagada: true, fecha_pagada: '2026-11-20' };
    await putScheduleRows(db, [changed, ...loanIds.flatMap((id) => loanFixture(id).rows.slice(7))]);
    for (const id of loanIds) {
      const rows = await scheduleOf(db, id);
      expect(rows.map((r) => r.numero_pago)).toEqual(Array.from({ length: 14 }, (_, k) => k + 1));
    }
    expect((await scheduleOf(db, loanIds[0]!))[0]).toMatchObject({ pagada: true });
    // Neighbours read along with the range keep exactly what they had.
    expect(await scheduleOf(db, 14).then((rows) => rows.length)).toBe(7);
    expect(await scheduleOf(db, 499).then((rows) => rows.length)).toBe(7);
  });
});
