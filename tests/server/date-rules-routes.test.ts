// One rule per kind of business date (shared/date-rules.ts, docs/reglas-del-negocio.md §2), on the server's
// every path. A date out of its rule is refused in Spanish and nothing of it is stored; a phone a day ahead
// still records its money.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashCountMessages } from '../../shared/cash-counts/messages';
import { addDays } from '../../shared/dates';
import { paymentMessages } from '../../shared/payments/messages';
import { sheetMessages } from '../../shared/sheets/messages';
import { visitMessages } from '../../shared/visits/messages';
import { send } from './helpers/catalog';
import { connectTestSql, testApp } from './helpers/test-db';
import { push, rowVersion, TODAY, tenantWithLoans, update } from './sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const record = (id: number, loanId: number, fecha: string, amount = 100) => ({
  id,
  name: 'payment.record',
  args: { receiptId: randomUUID(), loanId, amount, fecha },
});

describe('business dates, one rule per kind', () => {
  it('a payment: up to a day ahead of today (the phone’s clock), never after, never before its loan', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ fechaInicio: addDays(TODAY, -14) });
    const row = loan.amortizationIds[0]!;
    const answer = await push(app, t.token, randomUUID(), [
      record(1, loan.id, addDays(TODAY, 1)),
      record(2, loan.id, addDays(TODAY, 2)),
      record(3, loan.id, addDays(TODAY, -15)),
      record(4, loan.id, '2099-12-31'),
      update(5, {
        loanId: loan.id,
        amortizationId: row,
        baseVersion: await rowVersion(sql, row),
        pagada: true,
        fecha_pagada: '2099-12-31',
      }),
    ]);
    expect(answer.results).toEqual([
      { id: 1, status: 'applied' },
      { id: 2, status: 'rejected', reason: paymentMessages.fechaFutura },
      { id: 3, status: 'rejected', reason: paymentMessages.fechaAntesDelPrestamo },
      { id: 4, status: 'rejected', reason: paymentMessages.fechaFutura },
      { id: 5, status: 'rejected', reason: paymentMessages.fechaFutura },
    ]);
    const events = await sql<
      { fecha: string }[]
    >`select fecha::text from payments where loan_id = ${loan.id}`;
    expect(events).toEqual([{ fecha: addDays(TODAY, 1) }]);
  });

  it('a visit and its promise, and a cash count: not before 2000, not after tomorrow, a promise within a year', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const visit = (id: number, fecha: string, fecha_promesa: string | null) => ({
      id,
      name: 'visit.create',
      args: {
        receiptId: randomUUID(),
        loanId: loan.id,
        fecha,
        motivo: fecha_promesa ? 'PROMESA' : 'OTRO',
        fecha_promesa,
        nota: 'Fechas',
      },
    });
    const count = (id: number, fecha: string) => ({
      id,
      name: 'cash_count.create',
      args: { receiptId: randomUUID(), fecha, contado: 0, nota: null },
    });
    const answer = await push(app, t.token, randomUUID(), [
      visit(1, '1900-01-01', null),
      visit(2, TODAY, '9999-12-31'),
      visit(3, TODAY, addDays(TODAY, 367)),
      visit(4, TODAY, addDays(TODAY, 7)),
      count(5, '1900-01-01'),
      count(6, addDays(TODAY, 2)),
      count(7, TODAY),
    ]);
    expect(answer.results).toEqual([
      { id: 1, status: 'rejected', reason: visitMessages.fechaVisitaFueraDeRango },
      { id: 2, status: 'rejected', reason: visitMessages.fechaPromesaLejana },
      { id: 3, status: 'rejected', reason: visitMessages.fechaPromesaLejana },
      { id: 4, status: 'applied' },
      { id: 5, status: 'rejected', reason: cashCountMessages.fechaFueraDeRango },
      { id: 6, status: 'rejected', reason: cashCountMessages.fechaFutura },
      { id: 7, status: 'applied' },
    ]);
    const [stored] = await sql<{ visits: number; counts: number }[]>`select
      (select count(*) from visits where loan_id = ${loan.id})::int as visits,
      (select count(*) from cash_counts where account_id = ${t.accountId})::int as counts`;
    expect(stored).toEqual({ visits: 1, counts: 1 });
  });

  it('a sheet’s coverage date: within a year of today, on generation and when it is moved', async () => {
    const t = await tenantWithLoans(sql, app);
    for (const coverageWeek of ['1970-01-01', '2099-12-31', addDays(TODAY, -400)]) {
      const res = await send(app, 'POST', '/api/hoja-de-cobro', t.token, {
        municipalityId: t.municipalityId,
        coverageWeek,
      });
      expect(res.status, coverageWeek).toBe(400);
      expect(await res.json()).toEqual({
        error: sheetMessages.fechaCoberturaFueraDeRango,
        code: 'VALIDATION',
        details: { coverageWeek: sheetMessages.fechaCoberturaFueraDeRango },
      });
    }
    const [none] = await sql<{ n: number }[]>`select count(*)::int as n from weekly_sheets
      where account_id = ${t.accountId}`;
    expect(none!.n).toBe(0);

    const made = await send(app, 'POST', '/api/hoja-de-cobro', t.token, {
      municipalityId: t.municipalityId,
      coverageWeek: TODAY,
    });
    expect(made.status).toBe(201);
    const { data } = (await made.json()) as { data: { id: number; coverage_week: string } };
    const moved = await send(app, 'PUT', `/api/weekly-sheets/${data.id}`, t.token, {
      coverageWeek: '1970-01-01',
    });
    expect(moved.status).toBe(400);
    const [kept] = await sql<{ coverage_week: string }[]>`select coverage_week::text from weekly_sheets
      where id = ${data.id}`;
    expect(kept!.coverage_week).toBe(data.coverage_week);
  });
});
