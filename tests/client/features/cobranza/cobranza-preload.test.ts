import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import {
  cobranzaScreenOpened,
  orderKeyOf,
  prefetchCobranza,
  rememberCobranza,
  storeGeneration,
  warmCobranza,
} from '../../../../client/features/cobranza/cobranza-preload';
import { readCobranzaRoute } from '../../../../client/features/cobranza/read-cobranza';
import { recordPayment } from '../../../../client/mutators/record-payment';
import type { LocalDb } from '../../../../client/store/database';
import type { LocalWeeklySheet, LocalWeeklySheetLoan } from '../../../../client/store/local-types';
import { setMeta } from '../../../../client/store/meta';
import { putScheduleRows } from '../../../../client/store/schedules';
import { cents } from '../../../../shared/money';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../../helpers/sync-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A Monday town with two loans that owe this week, on its week's sheet (`sheet: false`: none, the fallback). */
async function stocked({ sheet = true } = {}) {
  const db = freshDb();
  open.push(db);
  const a = loanFixture(1);
  const b = loanFixture(2, { client_id: 2 });
  await db.municipalities.put(municipalityFixture());
  await db.clients.bulkPut([clientFixture(1), clientFixture(2)]);
  await db.loans.bulkPut([a.loan, b.loan]);
  await putScheduleRows(db, [...a.rows, ...b.rows]);
  if (sheet) {
    await db.weekly_sheets.put(weekSheet());
    await db.weekly_sheet_loans.bulkPut([sheetLoan(1, 1), sheetLoan(2, 2)]);
  }
  return db;
}

const weekSheet = (): LocalWeeklySheet => ({
  id: 5,
  municipality_id: 1,
  coverage_week: '2026-11-16',
  coverage_week_end: '2026-11-22',
  week: '2026-W47',
  url: '/api/weekly-sheets/5/file',
  processed: false,
  proccessing_date: null,
  monto_esperado: 800,
  monto_cobrado: 0,
  log: { errors: [], warnings: [] },
  created_at: '2026-11-16T15:00:00Z',
  version: 1,
});

const sheetLoan = (loanId: number, clientId: number): LocalWeeklySheetLoan => ({
  id: 5000 + loanId,
  weekly_sheet_id: 5,
  loan_id: loanId,
  amortization_id: loanId * 100 + 1,
  arrears_amortization_ids: [],
  monto_esperado: 400,
  saldo_a_liquidar: 1000,
  cobrado_previo: 0,
  grupo: 1,
  client_id: clientId,
  client_nombre: `Cliente ${clientId}`,
  loan_reference: `PR-${String(loanId).padStart(6, '0')}`,
  orden_ruta: loanId,
  created_at: '2026-11-16T15:00:00Z',
  version: 1,
});

/** The loans of the kept first page, for today and the sheet's order. */
const warmPageLoans = (db: LocalDb) =>
  warmCobranza(db, TODAY, null)
    ?.page.map((i) => i.input.loanId)
    .sort();

describe("Cobranza's read-ahead", () => {
  test('keeps the route and first page read while idle, for the same day and order', async () => {
    const db = await stocked();
    await prefetchCobranza(db, TODAY, null);
    const warm = warmCobranza(db, TODAY, null);
    expect(warm?.route.flatMap((t) => t.entries.map((e) => e.loanId)).sort()).toEqual([1, 2]);
    expect(warm?.page.map((i) => i.input.loanId).sort()).toEqual([1, 2]);
    expect(warmCobranza(db, '2026-11-21', null)).toBeUndefined();
    expect(warmCobranza(db, TODAY, [2, 1])).toBeUndefined();
  });

  test('a payment recorded after it drops the copy: the screen never starts from older rows', async () => {
    const db = await stocked();
    await prefetchCobranza(db, TODAY, null);
    expect(warmCobranza(db, TODAY, null)).toBeDefined();
    const paid = await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(10000) } },
      { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') },
    );
    expect(paid.ok).toBe(true);
    expect(warmCobranza(db, TODAY, null)).toBeUndefined();
  });

  test("the sync's own bookkeeping (its last error and time, written at every start offline) keeps the copy", async () => {
    const db = await stocked();
    await prefetchCobranza(db, TODAY, null);
    await setMeta(db, 'lastError', null);
    await setMeta(db, 'lastSyncAt', '2026-11-20T18:00:00.000Z');
    expect(warmPageLoans(db)).toEqual([1, 2]);
  });

  test("the app's first read ahead is not made when the screen opened first (it reads the week itself)", async () => {
    const db = await stocked();
    const closed = cobranzaScreenOpened();
    try {
      await prefetchCobranza(db, TODAY, null, true);
      expect(warmCobranza(db, TODAY, null)).toBeUndefined();
    } finally {
      closed();
    }
    await prefetchCobranza(db, TODAY, null, true);
    expect(warmCobranza(db, TODAY, null)).toBeDefined();
  });

  test("a town without its week's sheet is not read ahead: the screen reads it (a whole town, not a sheet)", async () => {
    const db = await stocked({ sheet: false });
    await prefetchCobranza(db, TODAY, null, true);
    expect(warmCobranza(db, TODAY, null)).toBeUndefined();
    // The screen's own read still finds the week's loans.
    const route = await readCobranzaRoute(db, TODAY);
    expect(route.flatMap((t) => t.entries.map((e) => e.loanId)).sort()).toEqual([1, 2]);
  });

  test('a town of the catalogue with no loans on this phone and no sheet does not stop the read ahead', async () => {
    const db = await stocked();
    await db.municipalities.put({ ...municipalityFixture(), id: 2, name: 'Cholula' });
    await prefetchCobranza(db, TODAY, null, true);
    expect(warmPageLoans(db)).toEqual([1, 2]);
  });

  test('a read that started before a write is not kept', async () => {
    const db = await stocked();
    const generation = storeGeneration(db);
    const route = await readCobranzaRoute(db, TODAY);
    await db.clients.put(clientFixture(1, { nombre: 'Renombrada' }));
    rememberCobranza(
      db,
      { today: TODAY, orderKey: orderKeyOf(null), route, pageKey: '', page: [] },
      generation,
    );
    expect(warmCobranza(db, TODAY, null)).toBeUndefined();
  });
});
