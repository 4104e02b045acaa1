import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import type { Loan, LoanListResponse, PaymentReportRow } from '../../../shared/loans/types';
import { dataOf, expectError, send } from '../helpers/catalog';
import { createClient, createLoan, createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);
const paidRows = (n: number) => Array.from({ length: n }, () => ({ pagada: true }));

describe('GET /api/list-loans and the other loan reads', () => {
  let t: Awaited<ReturnType<typeof tenantWithLoans>>;
  let cholula: number;
  type Key = 'nunez' | 'perez' | 'paid' | 'overdue' | 'cholula';
  const loans = {} as Record<Key, number>;

  beforeAll(async () => {
    t = await tenantWithLoans(sql, app);
    cholula = await createMunicipality(sql, t.accountId, { name: 'Cholula' });
    loans.nunez = (await t.addLoan({ nombre: 'María Núñez', grupo: 2, fechaInicio: addDays(TODAY, -14) })).id;
    loans.perez = (
      await t.addLoan({
        nombre: 'José Pérez',
        grupo: 1,
        fechaInicio: addDays(TODAY, -30),
        rows: [{ pagada: true }],
      })
    ).id;
    loans.paid = (
      await t.addLoan({ nombre: 'Ana Paz', grupo: 3, fechaInicio: addDays(TODAY, -100), rows: paidRows(14) })
    ).id;
    loans.overdue = (
      await t.addLoan({ nombre: 'Luis Vega', grupo: 1, fechaInicio: addDays(TODAY, -120) })
    ).id;
    const client = await createClient(sql, t.accountId, cholula, {
      nombre: 'Rosa Núñez',
      coordinadora: true,
    });
    loans.cholula = (
      await createLoan(sql, {
        accountId: t.accountId,
        clientId: client,
        municipalityId: cholula,
        paymentMethod: t.paymentMethod,
        montoCredito: 5000,
        fechaInicio: addDays(TODAY, -7),
        grupo: 5,
      })
    ).id;
    const other = await tenantWithLoans(sql, app);
    await other.addLoan({ nombre: 'María Núñez' });
  });

  const list = async (query = '') => {
    const res = await send(app, 'GET', `/api/list-loans${query}`, t.token);
    const body = (await res.json()) as LoanListResponse;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it('answers SPEC’s pagination shape, newest first, 10 per page from page 1', async () => {
    const body = await list();
    expect(body.pagination).toEqual({
      current_page: 1,
      per_page: 10,
      total_items: 5,
      total_pages: 1,
      has_next_page: false,
      has_previous_page: false,
      next_page: null,
      previous_page: null,
    });
    expect(body.filters_applied).toEqual({});
    expect(body.data.map((l) => l.id)).toEqual([
      loans.cholula,
      loans.overdue,
      loans.paid,
      loans.perez,
      loans.nunez,
    ]);
    const page2 = await list('?page=2&limit=2');
    expect(page2.data.map((l) => l.id)).toEqual([loans.paid, loans.perez]);
    expect(page2.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total_items: 5,
      total_pages: 3,
      has_next_page: true,
      has_previous_page: true,
      next_page: 3,
      previous_page: 1,
    });
  });

  it('each loan carries its client, municipality, derived counts and rows by numero_pago', async () => {
    const loan = (await list(`?clientId=${await clientOf(loans.cholula)}`)).data[0]!;
    expect(loan).toMatchObject({
      id: loans.cholula,
      client_nombre: 'Rosa Núñez',
      client_coordinadora: true,
      clients: { nombre: 'Rosa Núñez' },
      municipality_name: 'Cholula',
      grupo: 5,
      monto_credito: 5000,
      has_unpaid_payments: true,
      has_aval: false,
      pagada: false,
    });
    expect(loan.amortizacion.map((a) => a.numero_pago)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(loan.pending_payments_count).toBe(14 - loan.num_pago);
    const overdue = (await list('?vencidos=true')).data;
    expect(overdue.map((l) => l.id)).toEqual([loans.overdue]);
    expect(overdue[0]).toMatchObject({ vencido: true, arrears_count: 14 });
  });

  it.each([
    ['?clientName=%20%20nunez%20', ['cholula', 'nunez']],
    ['?clientName=N%C3%9A%C3%91EZ', ['cholula', 'nunez']],
    ['?clientName=%20%20', ['cholula', 'overdue', 'paid', 'perez', 'nunez']],
    // Under 3 characters there are no trigrams to narrow with: the substring test alone decides.
    ['?clientName=%C3%91e', ['cholula', 'nunez']],
    ['?clientName=z', ['cholula', 'paid', 'perez', 'nunez']],
    ['?clientName=maria%20nu', ['nunez']],
    ['?clientName=zzz', []],
    ['?activos=true&vencidos=false', ['cholula', 'perez', 'nunez']],
    ['?activos=false&vencidos=true', ['overdue']],
    ['?activos=true&vencidos=true', ['cholula', 'overdue', 'perez', 'nunez']],
    [`?startDate=${addDays(TODAY, -30)}&endDate=${addDays(TODAY, -14)}`, ['perez', 'nunez']],
  ])('filters %s', async (query, expected) => {
    expect((await list(query)).data.map((l) => l.id)).toEqual(expected.map((k) => loans[k as Key]));
  });

  it.each(['?clientName=nunez&limit=1&page=5', '?limit=2&page=9'])(
    'a page past the end of %s is empty and keeps the total',
    async (query) => {
      const body = await list(query);
      expect(body.data).toEqual([]);
      expect(body.pagination.total_items).toBe(query.includes('nunez') ? 2 : 5);
    },
  );

  it('filters by municipality and reports the filters applied', async () => {
    const body = await list(`?municipalityId=${cholula}&clientName=%20rosa%20`);
    expect(body.data.map((l) => l.id)).toEqual([loans.cholula]);
    expect(body.filters_applied).toEqual({ municipalityId: cholula, clientName: 'rosa' });
  });

  it.each([
    '?page=0',
    '?limit=101',
    '?activos=si',
    '?startDate=2026-02-30',
    '?municipalityId=abc',
    '?page=1e3',
  ])('refuses %s with a 400', async (query) => {
    await expectError(await send(app, 'GET', `/api/list-loans${query}`, t.token), 400, 'VALIDATION');
  });

  it('loan-history is ordered by grupo, optionally of one municipality', async () => {
    const res = await send(app, 'GET', `/api/loan-history?municipalityId=${t.municipalityId}`, t.token);
    const body = (await res.json()) as { data: Loan[] };
    expect(body.data.map((l) => [l.grupo, l.client_nombre])).toEqual([
      [1, 'José Pérez'],
      [1, 'Luis Vega'],
      [2, 'María Núñez'],
      [3, 'Ana Paz'],
    ]);
    expect(body.data[0]!.amortizacion[0]).toMatchObject({ numero_pago: 1, pagada: true });
    const all = (await (await send(app, 'GET', '/api/loan-history', t.token)).json()) as { data: Loan[] };
    expect(all.data).toHaveLength(5);
  });

  it('last-group is the municipality’s highest grupo, 1 without loans, 404 for another account’s', async () => {
    const group = (id: number) => send(app, 'GET', `/api/last-group?municipalityId=${id}`, t.token);
    expect(await dataOf(await group(t.municipalityId))).toEqual({
      municipality_id: t.municipalityId,
      last_group: 3,
    });
    const empty = await createMunicipality(sql, t.accountId);
    expect(await dataOf(await group(empty))).toEqual({ municipality_id: empty, last_group: 1 });
    const other = await tenantWithLoans(sql, app);
    await expectError(await group(other.municipalityId), 404, 'NOT_FOUND');
    await expectError(await send(app, 'GET', '/api/last-group', t.token), 400, 'VALIDATION');
  });

  it('reporte-pagos-temp lists the open loans with weeks elapsed, paid and unpaid rows', async () => {
    const rows = await dataOf<PaymentReportRow[]>(await send(app, 'GET', '/api/reporte-pagos-temp', t.token));
    expect(rows.map((r) => r.id)).not.toContain(loans.paid);
    expect(rows.find((r) => r.id === loans.perez)).toEqual({
      id: loans.perez,
      nombre: 'José Pérez',
      municipio: 'Atlixco',
      grupo: 1,
      fecha_inicio: addDays(TODAY, -30),
      semanas_transcurridas: 4,
      num_pagados: 1,
      no_pagados: 3,
      num_pago: 4,
    });
  });

  it('actualizar-num-pag and update-num-pago answer the server’s figures, recomputed', async () => {
    await sql`update loans set num_pago = 0 where id = ${loans.perez}`;
    const res = await send(app, 'POST', '/api/actualizar-num-pag', t.token, {
      loan_id: loans.perez,
      num_pago: 9,
    });
    expect(await dataOf(res)).toMatchObject({ loan_id: loans.perez, num_pago: 4, abonos_atrasados: 3 });
    const res2 = await send(app, 'POST', '/api/update-num-pago', t.token, {
      loan_id: loans.perez,
      num_pago: 4,
      abonos_atrasados: 3,
      semanas_transcurridas: 4,
    });
    expect(await dataOf(res2)).toMatchObject({ num_pago: 4, semanas_transcurridas: 4 });
    const other = await tenantWithLoans(sql, app);
    const foreign = await other.addLoan();
    await expectError(
      await send(app, 'POST', '/api/actualizar-num-pag', t.token, { loan_id: foreign.id, num_pago: 1 }),
      404,
      'NOT_FOUND',
    );
  });

  it('last-group also answers whoever may create loans (the new-loan form asks it), and nobody else', async () => {
    const creator = await tenantWithLoans(sql, app, ['PRESTAMOS_CREAR']);
    await creator.addLoan({ grupo: 4 });
    const path = `/api/last-group?municipalityId=${creator.municipalityId}`;
    expect(await dataOf(await send(app, 'GET', path, creator.token))).toEqual({
      municipality_id: creator.municipalityId,
      last_group: 4,
    });
    const collector = await tenantWithLoans(sql, app, ['PAGOS_REGISTRAR']);
    await expectError(
      await send(app, 'GET', `/api/last-group?municipalityId=${collector.municipalityId}`, collector.token),
      403,
      'FORBIDDEN',
    );
  });

  it('reads need PRESTAMOS_VER', async () => {
    const noView = await tenantWithLoans(sql, app, ['PAGOS_REGISTRAR']);
    for (const path of [
      '/api/list-loans',
      '/api/loan-history',
      '/api/reporte-pagos-temp',
      `/api/loans/${loans.nunez}`,
    ])
      await expectError(await send(app, 'GET', path, noView.token), 403, 'FORBIDDEN');
  });
});

async function clientOf(loanId: number) {
  const [row] = await sql<{ client_id: number }[]>`select client_id from loans where id = ${loanId}`;
  return row!.client_id;
}
