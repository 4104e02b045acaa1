// 'En campo' (GET /api/field/today, GET /api/field/events; docs/producto.md §2.25): today's money per collector and
// per town adds up to the same as the collector's corte; the phone's waiting entries and last contact show; a
// limited user sees only their towns; a push tells the open stream to read again.
import { describe, expect, it } from 'vitest';
import { activeUsers } from '../../../server/auth/active-users';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import { addDays } from '../../../shared/dates';
import type { FieldToday } from '../../../shared/field/types';
import { figuresLoanOf, figuresRowOf, loanFigures } from '../../../shared/loans/figures';
import type { Loan } from '../../../shared/loans/types';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';
import { dataOf, expectError, send } from '../helpers/catalog';
import { eventStream } from '../helpers/event-stream';
import { createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const payment = (id: number, loanId: number, amount: number) => ({
  id,
  name: 'payment.record',
  args: { receiptId: crypto.randomUUID(), loanId, amount, fecha: TODAY },
  clientTime: new Date().toISOString(),
});

const fieldToday = async (token: string) =>
  dataOf<FieldToday>(await send(app, 'GET', '/api/field/today', token));

describe('GET /api/field/today', () => {
  it("adds today's payments and visits per collector and per town, as the corte counts them", async () => {
    const t = await tenantWithLoans(sql, app);
    const a = await t.addLoan({ nombre: 'Ana' });
    const b = await t.addLoan({ nombre: 'Beto' });
    const clientId = crypto.randomUUID();
    const res = await send(app, 'POST', '/api/sync/push', t.token, {
      clientId,
      pendientes: 3,
      mutations: [
        payment(1, a.id, 500),
        payment(2, b.id, 250.5),
        {
          id: 3,
          name: 'visit.create',
          args: {
            receiptId: crypto.randomUUID(),
            loanId: b.id,
            fecha: TODAY,
            motivo: 'PROMESA',
            fecha_promesa: TODAY,
          },
          clientTime: new Date().toISOString(),
        },
        {
          id: 4,
          name: 'cash_count.create',
          args: { receiptId: crypto.randomUUID(), fecha: TODAY, contado: 750.5, nota: '' },
          clientTime: new Date().toISOString(),
        },
      ],
    });
    expect(res.status).toBe(200);
    const field = await fieldToday(t.token);
    const me = field.collectors.find((c) => c.userId === t.userId)!;
    expect(me).toMatchObject({ cobrado: 750.5, pagos: 2, visitas: 1, promesas: 1, atendidos: 2 });
    expect(me.devices).toEqual([expect.objectContaining({ clientId, pendientes: 3 })]);
    const town = field.towns.find((x) => x.municipalityId === t.municipalityId)!;
    const cents = (xs: { cobrado: number }[]) => xs.reduce((sum, x) => sum + Math.round(x.cobrado * 100), 0);
    expect(cents(field.towns)).toBe(cents(field.collectors));
    expect(town).toMatchObject({
      cobrado: 750.5,
      pagos: 2,
      visitas: 1,
      promesas: 1,
      ruta: 2,
      hechos: 2,
      conHoja: false,
    });

    // The corte the collector closed counts the same money.
    const cortes = await dataOf<CashCountsResponse['data']>(
      await send(app, 'GET', `/api/cortes?fechaInicio=${TODAY}&fechaFin=${TODAY}`, t.token),
    );
    expect(cortes.cortes.map((c) => c.registrado)).toEqual([me.cobrado]);
  });

  it('a limited user reads only their towns; a collector cannot read it', async () => {
    const t = await tenantWithLoans(sql, app);
    const other = await createMunicipality(sql, t.accountId, { name: 'Cholula' });
    const loan = await t.addLoan();
    await push(app, t.token, crypto.randomUUID(), [payment(1, loan.id, 100)] as never);
    await sql`update users set todos_municipios = false where id = ${t.userId}`;
    await sql`insert into user_municipalities (user_id, municipality_id) values (${t.userId}, ${other})`;
    activeUsers(sql).forget(t.userId);
    const field = await fieldToday(t.token);
    expect(field.towns.map((x) => x.municipalityId)).not.toContain(t.municipalityId);
    expect(field.collectors.every((c) => c.cobrado === 0)).toBe(true);

    const collector = await tenantWithLoans(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(await send(app, 'GET', '/api/field/today', collector.token), 403, 'FORBIDDEN');
    await expectError(await send(app, 'GET', '/api/field/events', collector.token), 403, 'FORBIDDEN');
  });
});

describe('GET /api/field/events', () => {
  it('tells an open screen to read again when a push of its account arrives, and not for another account', async () => {
    const t = await tenantWithLoans(sql, app);
    const stranger = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const strangerLoan = await stranger.addLoan();
    const controller = new AbortController();
    const res = await app.request('/api/field/events', {
      headers: { Authorization: `Bearer ${t.token}` },
      signal: controller.signal,
    });
    expect(res.headers.get('Content-Type')).toContain('text/event-stream');
    const stream = eventStream(res, controller);
    expect(await stream.until('event: listo')).toBe(true);
    await push(app, stranger.token, crypto.randomUUID(), [payment(1, strangerLoan.id, 100)] as never);
    await push(app, t.token, crypto.randomUUID(), [payment(1, loan.id, 100)] as never);
    expect(await stream.until('event: cambio')).toBe(true);
    // One push, one event: the stranger's push told this stream nothing.
    expect(stream.text().match(/event: cambio/g)).toHaveLength(1);
    await stream.close();
  });
});

describe("a town's route without a sheet", () => {
  it("counts the loans the shared figures give something due in the town's week (the SQL twin of the sheet's rule)", async () => {
    const t = await tenantWithLoans(sql, app);
    const [town] = await sql<
      { collection_day: CollectionDay }[]
    >`select collection_day from municipalities where id = ${t.municipalityId}`;
    const week = collectionWeekOf(town!.collection_day, TODAY);
    const weeks = (n: number) => addDays(TODAY, -7 * n);
    // Up to date, behind, partly paid, paid off, starting next month: each with or without something due.
    await t.addLoan({ fechaInicio: weeks(3), rows: [{ pagada: true }, { pagada: true }, { pagada: true }] });
    await t.addLoan({ fechaInicio: weeks(4) });
    await t.addLoan({ fechaInicio: weeks(2), rows: [{ pagada: true }, { parcial: 100 }] });
    await t.addLoan({ fechaInicio: weeks(20), rows: Array.from({ length: 14 }, () => ({ pagada: true })) });
    await t.addLoan({ fechaInicio: addDays(TODAY, 30) });

    const ids = (await sql<{ id: number }[]>`select id from loans where account_id = ${t.accountId}`).map(
      (r) => r.id,
    );
    let due = 0;
    for (const id of ids) {
      const loan = await dataOf<Loan>(await send(app, 'GET', `/api/loans/${id}`, t.token));
      const figures = loanFigures(figuresLoanOf(loan), loan.amortizacion.map(figuresRowOf), TODAY, {
        start: week.coverageWeek,
        end: week.coverageWeekEnd,
      });
      if (figures.dueThisWeek > 0) due += 1;
    }
    const field = await fieldToday(t.token);
    expect(field.towns.find((x) => x.municipalityId === t.municipalityId)?.ruta ?? 0).toBe(due);
    expect(due).toBeGreaterThan(0);
  });
});
