import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import {
  readSheetFigures,
  readSheetPage,
} from '../../../../client/features/weekly-sheets/loans/use-sheet-loans';
import { recordPayment } from '../../../../client/mutators/record-payment';
import type { LocalDb } from '../../../../client/store/database';
import type { LocalWeeklySheetLoan } from '../../../../client/store/local-types';
import { putScheduleRows } from '../../../../client/store/schedules';
import { cents } from '../../../../shared/money';
import { compareRoute } from '../../../../shared/sheets/route-order';
import { clientFixture, freshDb, loanFixture, municipalityFixture, TODAY } from '../../helpers/sync-fixtures';

const open: LocalDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const SHEET = 5;
/** Loan id → [group, client name]: accents, ñ and case that a byte sort would get wrong. */
const ON_ROUTE: Record<number, [number, string]> = {
  1: [2, 'Ana Ruiz'],
  2: [1, 'Óscar Núñez'],
  3: [1, 'beatriz soto'],
  4: [1, 'Alma Díaz'],
  5: [2, 'Ángel Peña'],
  6: [1, 'Ñandú Pérez'],
  7: [1, 'Nora Luna'],
  8: [2, 'Zoe Ibarra'],
};
/** The route: group 1 by name (Alma, beatriz, Nora, Ñandú, Óscar), then group 2 (Ana, Ángel, Zoe). */
const ROUTE = [
  'PR-000004',
  'PR-000003',
  'PR-000007',
  'PR-000006',
  'PR-000002',
  'PR-000001',
  'PR-000005',
  'PR-000008',
];

function sheetLoan(loanId: number, sheetId = SHEET): LocalWeeklySheetLoan {
  const [grupo, nombre] = ON_ROUTE[loanId] ?? [1, `Cliente ${loanId}`];
  return {
    id: sheetId * 1000 + loanId,
    weekly_sheet_id: sheetId,
    loan_id: loanId,
    amortization_id: loanId * 100 + 4,
    arrears_amortization_ids: [loanId * 100 + 1, loanId * 100 + 2, loanId * 100 + 3],
    monto_esperado: 400,
    saldo_a_liquidar: 1000,
    cobrado_previo: 0,
    grupo,
    client_id: 100 + loanId,
    client_nombre: nombre,
    loan_reference: `PR-${String(loanId).padStart(6, '0')}`,
    orden_ruta: 0,
    created_at: '2026-11-16T15:00:00Z',
    version: 1,
  };
}

/** Eight loans on sheet 5 (stored out of route order, positions as the server assigns them), one on sheet 6. */
async function seeded() {
  const db = freshDb();
  open.push(db);
  const ids = [...Object.keys(ON_ROUTE).map(Number), 9];
  for (const id of ids) {
    const [grupo, nombre] = ON_ROUTE[id] ?? [1, 'Otra Hoja'];
    const { loan, rows } = loanFixture(id, { client_id: 100 + id, grupo });
    await db.loans.put(loan);
    await putScheduleRows(db, rows);
    await db.clients.put(clientFixture(100 + id, { nombre }));
  }
  const onSheet = Object.keys(ON_ROUTE).map((id) => sheetLoan(Number(id)));
  const positions = [...onSheet].sort(compareRoute);
  await db.weekly_sheet_loans.bulkPut([
    ...onSheet.map((s) => ({ ...s, orden_ruta: positions.indexOf(s) })),
    sheetLoan(9, 6),
  ]);
  await db.municipalities.put(municipalityFixture());
  await db.weekly_sheets.put({
    id: SHEET,
    municipality_id: 1,
    coverage_week: '2026-11-16',
    coverage_week_end: TODAY,
    week: '2026-W47',
    url: `/api/weekly-sheets/${SHEET}/file`,
    processed: false,
    proccessing_date: null,
    monto_esperado: 3200,
    monto_cobrado: 0,
    log: { errors: [], warnings: [] },
    created_at: '2026-11-16T15:00:00Z',
    version: 1,
  });
  return db;
}

const references = (page: Awaited<ReturnType<typeof readSheetPage>>) =>
  page!.items.map((i) => i.detail.loan.loan_reference);

describe("a sheet's loans on the phone, one page at a time", () => {
  test('the first page walks the route: group, then client name in Spanish order', async () => {
    const db = await seeded();
    const page = await readSheetPage(db, SHEET, '', 3);
    expect(page).toMatchObject({ municipalityName: 'Atlixco', total: 8, matched: 8 });
    expect(references(page)).toEqual(ROUTE.slice(0, 3));
    expect(page!.items[0]!.detail.client?.nombre).toBe('Alma Díaz');
    expect(page!.items[0]!.detail.rows.map((r) => r.numero_pago)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    expect(references(await readSheetPage(db, SHEET, '', 30))).toEqual(ROUTE);
  });

  test('the search ignores accents and case and keeps the route order', async () => {
    const db = await seeded();
    const page = await readSheetPage(db, SHEET, 'NUNEZ', 30);
    expect(page).toMatchObject({ total: 8, matched: 1 });
    expect(references(page)).toEqual(['PR-000002']);
    expect(references(await readSheetPage(db, SHEET, 'pr-00000', 2))).toEqual(ROUTE.slice(0, 2));
    expect((await readSheetPage(db, SHEET, 'pr-00000', 2))!.matched).toBe(8);
    expect((await readSheetPage(db, SHEET, 'nadie', 30))!.items).toEqual([]);
  });

  test('rows synced before the route position existed still open, in route order', async () => {
    const db = await seeded();
    const legacy = (await db.weekly_sheet_loans.toArray()).map(({ orden_ruta: _, ...rest }) => rest);
    await db.weekly_sheet_loans.bulkPut(legacy as LocalWeeklySheetLoan[]);
    expect(references(await readSheetPage(db, SHEET, '', 4))).toEqual(ROUTE.slice(0, 4));
  });

  test('a sheet that is not on the device reads as null', async () => {
    const db = await seeded();
    expect(await readSheetPage(db, 77, '', 30)).toBeNull();
    expect(await readSheetFigures(db, 77)).toBeNull();
  });
});

describe("the whole sheet's figures", () => {
  test('a payment on the phone counts as collected and as not yet synced, until the server has it', async () => {
    const db = await seeded();
    const before = await readSheetFigures(db, SHEET);
    expect(before).toMatchObject({
      montoTotal: 8 * 1400,
      clients: 8,
      rows: 8 * 4,
      missing: 0,
      totals: { esperado: 3200, cobrado: 0, pendienteSync: 0, porCobrar: 3200 },
    });
    const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
    await recordPayment(db, { kind: 'fila', loanId: 3, amortizationId: 301, edit: { pagada: true } }, ctx);
    await recordPayment(
      db,
      { kind: 'fila', loanId: 6, amortizationId: 601, edit: { parcial: cents(4000) } },
      ctx,
    );
    const after = await readSheetFigures(db, SHEET);
    expect(after!.totals).toEqual({ esperado: 3200, cobrado: 140, pendienteSync: 140, porCobrar: 3060 });
  });

  test('a loan the device no longer keeps is counted as missing, not as money', async () => {
    const db = await seeded();
    await db.loans.delete(8);
    const figures = await readSheetFigures(db, SHEET);
    expect(figures).toMatchObject({ missing: 1, montoTotal: 7 * 1400 });
    expect((await readSheetPage(db, SHEET, '', 30))!.items).toHaveLength(7);
  });
});
