// The payment ledger (decision 021) between the phone (the real device store and screens' reads, under
// fake-indexeddb) and the office (the real server): 'Pagó' offers the week's due — the sheet's A COBRAR for a
// loan on the week's sheet, a daily loan's whole week — and the office's corte says exactly what the phone said
// for the same payments.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { cardModel } from '../../../client/features/cobranza/cobranza-model';
import { readCobranzaItems, readCobranzaRoute } from '../../../client/features/cobranza/read-cobranza';
import { recordCashCount, recordedOnPhone } from '../../../client/mutators/record-cash-count';
import { recordPayment } from '../../../client/mutators/record-payment';
import { LocalDb } from '../../../client/store/database';
import { type SyncTransport, syncOnce } from '../../../client/sync/run';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import { addDays } from '../../../shared/dates';
import { type Cents, cents, toCents, toPesos } from '../../../shared/money';
import { mondayOf } from '../../../shared/sheets/coverage-week';
import type { GenerateSheetResponse, SheetLoan } from '../../../shared/sheets/types';
import { send } from '../helpers/catalog';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);
const open: LocalDb[] = [];
afterAll(() => {
  for (const db of open) db.close();
});

const monday = mondayOf(TODAY);

describe('the phone and the office read the same money', () => {
  it("'Pagó' offers the week's due (the sheet's A COBRAR), and the corte's registrado is the phone's", async () => {
    const t = await tenantWithLoans(sql, app);
    const town = await createMunicipality(sql, t.accountId, { name: 'Tlaxcala', collectionDay: 'LUNES' });
    const semanal = await createPaymentMethod(sql, t.accountId);
    const diario = await createPaymentMethod(sql, t.accountId, {
      modalidad: 'DIARIO',
      terms: {
        interes: 20,
        total_pagos: 30,
        interes_coordinadora: 20,
        total_pagos_coordinadora: 30,
        interes_empleado: 20,
        total_pagos_empleado: 30,
      },
    });
    const loan = async (method: typeof semanal, fechaInicio: string, rows: { pagada?: boolean }[] = []) =>
      createLoan(sql, {
        accountId: t.accountId,
        clientId: await createClient(sql, t.accountId, town),
        municipalityId: town,
        paymentMethod: method,
        montoCredito: 7000,
        fechaInicio,
        rows,
      });
    // Behind: rows due 4 and 3 weeks ago paid, 2 weeks and last week not; this Monday's is the week's.
    const behind = await loan(semanal, addDays(monday, -35), [{ pagada: true }, { pagada: true }]);
    // Daily from last Friday: a row every day from Saturday; the week asks every row through this Sunday.
    const daily = await loan(diario, addDays(monday, -3));
    const current = await loan(semanal, addDays(monday, -7));

    const generated = await send(app, 'POST', '/api/hoja-de-cobro', t.token, { municipalityId: town });
    const sheet = ((await generated.json()) as GenerateSheetResponse).data;
    expect(sheet.coverage_week).toBe(monday);
    const sheetLoans = (
      (await (
        await send(app, 'GET', `/api/loans-weekly-sheets?weeklySheetId=${sheet.id}`, t.token)
      ).json()) as {
        data: SheetLoan[];
      }
    ).data;
    const aCobrar = new Map(sheetLoans.map((l) => [l.loan_id, toCents(l.monto_esperado)!]));
    expect(aCobrar.get(behind.id)).toBe(3 * 60_000);
    const dailyRows = 2 + 7; // last Saturday and Sunday, and this week's seven
    expect(aCobrar.get(daily.id)).toBe(dailyRows * daily.abono);
    expect([...aCobrar.values()].reduce((s, a) => s + a, 0)).toBe(toCents(sheet.monto_esperado));

    // The phone downloads the week.
    const db = new LocalDb(`telefono-${randomUUID()}`);
    open.push(db);
    const network: SyncTransport = {
      push: async (body) => (await send(app, 'POST', '/api/sync/push', t.token, body)).json(),
      pull: async (body) => (await send(app, 'POST', '/api/sync/pull', t.token, body)).json(),
    };
    await syncOnce(db, network, { today: () => TODAY });
    const cards = async () => {
      const towns = (await readCobranzaRoute(db, TODAY)).filter((x) => x.municipality.id === town);
      const items = await readCobranzaItems(db, towns, null);
      return new Map(items.map((i) => [i.input.loanId, cardModel(i.input, i.week, TODAY)]));
    };
    const before = await cards();
    for (const l of [behind, daily, current])
      expect(toCents(before.get(l.id)!.abonoSemana), `préstamo ${l.loanReference}`).toBe(aCobrar.get(l.id));

    // 'Pagó' on the two first, 'Otro monto' of 250 on the third; then the day's count, 50 short.
    const ctx = { userId: t.userId, today: TODAY, now: new Date() };
    for (const l of [behind, daily])
      expect(
        await recordPayment(
          db,
          { kind: 'pago', loanId: l.id, amount: toCents(before.get(l.id)!.abonoSemana)! },
          ctx,
        ),
      ).toMatchObject({ ok: true });
    await recordPayment(db, { kind: 'pago', loanId: current.id, amount: cents(250_00) }, ctx);
    const phone = recordedOnPhone(await db.outbox.toArray(), t.userId, TODAY);
    expect(phone.cobrado).toBe(aCobrar.get(behind.id)! + aCobrar.get(daily.id)! + 250_00);
    const after = await cards();
    expect(after.get(behind.id)).toMatchObject({ state: 'pagado', abonoSemana: 0, atraso: { semanas: 0 } });
    expect(after.get(current.id)).toMatchObject({ state: 'parcial', cobrado: 250 });
    const counted = (phone.cobrado - 50_00) as Cents;
    expect(await recordCashCount(db, { contado: String(toPesos(counted)) }, ctx)).toMatchObject({ ok: true });
    await syncOnce(db, network, { today: () => TODAY });
    expect((await db.outbox.toArray()).every((e) => e.status === 'synced')).toBe(true);

    const cortes = (
      (await (
        await send(app, 'GET', `/api/cortes?fechaInicio=${TODAY}&fechaFin=${TODAY}`, t.token)
      ).json()) as CashCountsResponse
    ).data.cortes;
    expect(cortes).toHaveLength(1);
    expect(cortes[0]).toMatchObject({
      registrado: toPesos(phone.cobrado),
      contado: toPesos(counted),
      diferencia: -50,
    });
    // The sheet collected what the phone collected on its loans this week, before any processing.
    const listed = (
      (await (await send(app, 'GET', `/api/weekly-sheets/${sheet.id}`, t.token)).json()) as {
        data: { monto_cobrado: number };
      }
    ).data;
    expect(toCents(listed.monto_cobrado)).toBe(phone.cobrado);
    // The card's balance after the sync is the server's outstanding balance.
    const synced = await cards();
    for (const l of [behind, daily, current]) {
      const [owed] = await sql<{ saldo: string | null }[]>`select saldo::text from report_open_loans
        where loan_id = ${l.id}`;
      expect(synced.get(l.id)!.saldo, l.loanReference).toBe(toPesos(toCents(owed?.saldo ?? '0')!));
    }
  });
});
