// The ledger's migration (decision 021): existing data moves. A database at migration 019 (row states, no
// ledger) is filled the way the previous version wrote it; then sql/020 turns the rows into payment events.
// Every figure the reports, the sheet and the corte read answers the same before and after for days whose rows
// did not change; the one documented difference is a paid last row whose own amount exceeds the abono (the
// schedule now adds up to monto con interés).
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordedByMethod } from '../../../server/cash-counts/queries';
import { connect, type Sql, startEmbeddedPostgres } from '../../../server/db/connect';
import { listMigrations, migrate } from '../../../server/db/migrate';
import type { IsoDate } from '../../../shared/dates';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type RowState,
} from '../helpers/loan-factory';
import { createTenant, type TestTenant } from '../helpers/test-db';

const paid = (fecha: IsoDate): RowState => ({ pagada: true, fecha_pagada: fecha });
/** Weekly rows from 2 Sep 2026 (a Wednesday): row k is due 2 Sep + 7k. */
const START = '2026-09-02';
const week = (k: number) => new Date(Date.UTC(2026, 8, 2 + 7 * k)).toISOString().slice(0, 10);

let sql: Sql;
let stop: () => Promise<void>;

/** A database of its own: the shared test database is already migrated past 019. */
beforeAll(async () => {
  if (inject('embedded')) {
    const embedded = await startEmbeddedPostgres(null);
    sql = connect(embedded.url, { embedded: true });
    stop = async () => {
      await sql.end();
      await embedded.stop();
    };
    return;
  }
  const name = `prestamos_migracion_${Date.now()}_${process.pid}`;
  const admin = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  sql = connect(url.toString(), { embedded: false, max: 2 });
  stop = async () => {
    await sql.end();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}, 60_000);
afterAll(() => stop());

/** The migrations up to 019, as a folder of their own. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migraciones-'));
  for (const file of listMigrations())
    if (file.version <= last) symlinkSync(file.path, join(dir, `${file.version}.sql`));
  return dir;
}

interface Before {
  daily: Record<string, unknown>[];
  open: Record<string, unknown>[];
  rows: Record<string, unknown>[];
  corte: unknown[];
  sheet: string;
}

/** What the previous version read: the summaries its triggers kept, the rows, its corte query, the sheet's total. */
async function figures(db: Sql, collectorId: number, sheetId: number): Promise<Before> {
  const daily =
    await db`select fecha::text, municipality_id::int, user_id::int, esperado::text, cobrado::text,
      round(interes_cobrado, 6)::text as interes, pagos
    from report_daily where esperado <> 0 or cobrado <> 0 or pagos <> 0 order by 1, 2, 3`;
  const open =
    await db`select loan_id::int, saldo::text, primer_pendiente::text from report_open_loans order by 1`;
  const rows = await db`select id::int, pagada, parcial::text, fecha_pagada::text, renovo from amortizations
    order by id`;
  // The corte's "registrado" as the previous version computed it (server/cash-counts/queries.ts before sql/020).
  const corte = await db`select a.fecha_pagada::text as fecha, l.modalidad_pago, count(*)::int as pagos,
      sum(case when a.pagada then l.abono else a.parcial end)::text as monto
    from amortizations a join loans l on l.id = a.loan_id
    where a.updated_by = ${collectorId} and a.fecha_pagada is not null and (a.pagada or a.parcial > 0)
    group by 1, 2 order by 1, 2`;
  const [sheet] = await db<{ cobrado: string }[]>`select monto_cobrado::text as cobrado from weekly_sheets
    where id = ${sheetId}`;
  return { daily: [...daily], open: [...open], rows: [...rows], corte: [...corte], sheet: sheet!.cobrado };
}

describe('sql/020 turns row states into payment events', () => {
  let tenant: TestTenant;
  let collectorId: number;
  let sheetId: number;
  let loans: Record<string, { id: number; amortizationIds: number[] }>;
  let before: Before;
  const receipt = '3f9a12c7-0b1d-4c2e-8f00-1234567890ab';
  const device = '6c299157-e386-43fc-8cad-7cff52326a7b';

  beforeAll(async () => {
    await migrate(sql, migrationsUpTo('019_receipts_per_account'));
    tenant = await createTenant(sql);
    const [collector] = await sql<{ id: number }[]>`insert into users (account_id, role_id, name, email,
        password_hash)
      values (${tenant.accountId}, ${tenant.roleId}, 'Cobrador', 'cobrador-migracion@prueba.mx', 'x') returning id`;
    collectorId = collector!.id;
    const municipalityId = await createMunicipality(sql, tenant.accountId, { collectionDay: 'MIERCOLES' });
    const method = await createPaymentMethod(sql, tenant.accountId);
    const loan = async (monto: number, rows: RowState[], extra: { previousLoanId?: number } = {}) =>
      createLoan(sql, {
        accountId: tenant.accountId,
        clientId: await createClient(sql, tenant.accountId, municipalityId),
        municipalityId,
        paymentMethod: method,
        montoCredito: monto,
        fechaInicio: START,
        rows,
        collectedBy: collectorId,
        today: '2026-11-27',
        legacy: true,
        ...extra,
      });
    loans = {
      // 7,000 at 20 % in 14: 8,400, abono 600 exactly. Two paid, a partial 200 on 23 Sep.
      A: await loan(7000, [paid(week(1)), paid(week(2)), { parcial: 200, fecha_pagada: week(3) }]),
      // Paid in full on its dates.
      B: await loan(
        7000,
        Array.from({ length: 14 }, (_, i) => paid(week(i + 1))),
      ),
      // 5,000: 6,000, abono 429, last row 423 (the abono was rounded up): paid in full.
      C: await loan(
        5000,
        Array.from({ length: 14 }, (_, i) => paid(week(i + 1))),
      ),
      // 6,500: 7,800, abono 557, last row 559 (rounded down): paid in full.
      E: await loan(
        6500,
        Array.from({ length: 14 }, (_, i) => paid(week(i + 1))),
      ),
      // Six paid, a partial 100, the rest renewed.
      F: await loan(7000, [
        ...Array.from({ length: 6 }, (_, i) => paid(week(i + 1))),
        { parcial: 100, fecha_pagada: week(7) },
        ...Array.from({ length: 7 }, () => ({ renovo: true })),
      ]),
    };
    // A's first payment came from a phone: its audit row names the device, and its receipt was kept.
    const first = loans.A!.amortizationIds[0]!;
    await sql`insert into audit_log (account_id, user_id, client_id, mutation_id, entity, entity_id, action,
        before, after, client_time, recibo)
      values (${tenant.accountId}, ${collectorId}, ${device}, 7, 'amortizations', ${first}, 'amortization.update',
        '{}', '{}', '2026-09-09T15:00:00Z', 'R-3F9A-12C7')`;
    await sql`insert into payment_receipts (receipt_id, account_id, amortization_id, client_id, mutation_id)
      values (${receipt}, ${tenant.accountId}, ${first}, ${device}, 7)`;
    // The sheet of 23–29 Sep with A on it, processed by the previous version: it collected A's partial 200.
    const [sheet] = await sql<{ id: number }[]>`insert into weekly_sheets (account_id, municipality_id,
        coverage_week, coverage_week_end, week, processed, proccessing_date, monto_esperado, monto_cobrado)
      values (${tenant.accountId}, ${municipalityId}, ${week(3)}, '2026-09-29', '2026-W39', true, now(), 600, 200)
      returning id`;
    sheetId = sheet!.id;
    await sql`insert into weekly_sheet_loans (account_id, weekly_sheet_id, loan_id, amortization_id,
        monto_esperado, saldo_a_liquidar, cobrado_previo, client_id)
      values (${tenant.accountId}, ${sheetId}, ${loans.A!.id}, ${loans.A!.amortizationIds[2]!}, 600, 6600, 1200,
        (select client_id from loans where id = ${loans.A!.id}))`;
    before = await figures(sql, collectorId, sheetId);
    await migrate(sql);
  }, 120_000);

  it('leaves every row as it was', async () => {
    const after = await figures(sql, collectorId, sheetId);
    expect(after.rows).toEqual(before.rows);
  });

  it('one payment per row that held money, aimed at it, by its collector; the phone’s device and receipt kept', async () => {
    const events = await sql<{ loan_id: number; amortization_id: number; amount: string; fecha: string }[]>`
      select loan_id, amortization_id, amount::text as amount, fecha::text as fecha from payments
      where loan_id = ${loans.A!.id} order by amortization_id`;
    expect(events.map((e) => [e.amortization_id, e.amount, e.fecha])).toEqual([
      [loans.A!.amortizationIds[0], '600.00', week(1)],
      [loans.A!.amortizationIds[1], '600.00', week(2)],
      [loans.A!.amortizationIds[2], '200.00', week(3)],
    ]);
    const [fromPhone] = await sql<
      { receipt_id: string; client_id: string; mutation_id: number; user_id: number }[]
    >`
      select receipt_id, client_id, mutation_id, user_id from payments
      where amortization_id = ${loans.A!.amortizationIds[0]!}`;
    expect(fromPhone).toEqual({
      receipt_id: receipt,
      client_id: device,
      mutation_id: 7,
      user_id: collectorId,
    });
    expect(
      await sql`select count(*)::int as n from payments where origen <> 'migracion'`.then((r) => r[0]!.n),
    ).toBe(0);
  });

  it('money received per day, town and collector is the same; what was due too, but for the last rows', async () => {
    const after = await figures(sql, collectorId, sheetId);
    const cobrado = (d: Before['daily']) =>
      d.filter((r) => r.cobrado !== '0.00' || r.pagos !== 0).map(({ esperado: _e, ...r }) => r);
    // E's last row (559, paid) was counted as one abono of 557: it is now its own amount, the rest of 7,800.
    const lastOfE = week(14);
    const same = (d: Before['daily']) => cobrado(d).filter((r) => r.fecha !== lastOfE);
    expect(same(after.daily)).toEqual(same(before.daily));
    const dayOf = (d: Before['daily']) =>
      d.filter((r) => r.fecha === lastOfE).reduce((s, r) => s + Number(r.cobrado), 0);
    expect(dayOf(after.daily) - dayOf(before.daily)).toBeCloseTo(2, 2);
    // What was due: the same every day but the last rows' (C: 423 instead of 429, E: 559 instead of 557).
    const due = (d: Before['daily']) =>
      d.filter((r) => r.esperado !== '0.00' && r.fecha !== lastOfE).map((r) => [r.fecha, r.esperado]);
    expect(due(after.daily)).toEqual(due(before.daily));
  });

  it('what each loan owes, and since when, is the same', async () => {
    const after = await figures(sql, collectorId, sheetId);
    expect(after.open).toEqual(before.open);
  });

  it('the corte’s registrado for each day of the collector, and the processed sheet’s cobrado, are the same', async () => {
    const after = await figures(sql, collectorId, sheetId);
    expect(after.sheet).toBe(before.sheet);
    for (const day of before.corte as {
      fecha: string;
      modalidad_pago: string;
      pagos: number;
      monto: string;
    }[]) {
      const now = await recordedByMethod(sql, tenant.accountId, collectorId, day.fecha);
      // E's last row: its own amount now (see above).
      const monto = Number(day.monto) + (day.fecha === week(14) ? 2 : 0);
      expect(now, day.fecha).toEqual([{ modalidad_pago: day.modalidad_pago, pagos: day.pagos, monto }]);
    }
  });
});
