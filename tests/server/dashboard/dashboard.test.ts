import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResume } from '../../../shared/dashboard/types';
import { addDays, businessToday } from '../../../shared/dates';
import { cents, toPesos } from '../../../shared/money';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type RowState,
} from '../helpers/loan-factory';
import {
  connectTestSql,
  createTenant,
  getJson,
  loginToken,
  type TestTenant,
  testApp,
} from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);
// The route uses the business's today; the data is built relative to it.
const today = businessToday('America/Mexico_City');
const paid = (n: number): RowState[] => Array.from({ length: n }, () => ({ pagada: true }));

async function resume(token?: string) {
  const res = await getJson(app, '/api/dashboard-resume', token);
  return { status: res.status, body: (await res.json()) as DashboardResume & { code?: string } };
}

/** Tenant A: every loan state, with figures worked out by hand in the test below. */
async function seedTenantA(accountId: number) {
  const municipalityId = await createMunicipality(sql, accountId, {
    name: 'Atlixco',
    collectionDay: 'LUNES',
  });
  const method = await createPaymentMethod(sql, accountId); // SEMANAL: 20 % / 14; coordinadora 15 % / 14
  const client = (opts = {}) => createClient(sql, accountId, municipalityId, opts);
  const base = { accountId, municipalityId, paymentMethod: method, today };

  // 1. Fresh: 1,200.00 with interest, abono 86; a partial 40.55 → outstanding 1,159.45.
  await createLoan(sql, {
    ...base,
    clientId: await client(),
    montoCredito: 1000,
    fechaInicio: addDays(today, -3),
    rows: [{ parcial: 40.55 }],
  });
  // 2. Midway: 6,000.00, abono 429; 3 paid + 100 partial → outstanding 4,613.
  await createLoan(sql, {
    ...base,
    clientId: await client(),
    montoCredito: 5000,
    fechaInicio: addDays(today, -35),
    rows: [...paid(3), { parcial: 100 }],
  });
  // 3. Coordinadora: 2,300.00, abono 164; 2 paid → outstanding 1,972.
  await createLoan(sql, {
    ...base,
    clientId: await client({ coordinadora: true }),
    clientType: 'coordinadora',
    montoCredito: 2000,
    fechaInicio: addDays(today, -14),
    rows: paid(2),
  });
  // 4. Paid in full: 3,600.00 — not counted in any amount.
  await createLoan(sql, {
    ...base,
    clientId: await client(),
    montoCredito: 3000,
    fechaInicio: addDays(today, -100),
    rows: paid(14),
  });
  // 5. Vencido (ended 6 weeks ago): 3,000.00, abono 214; 10 paid + 50 partial → outstanding 810.
  await createLoan(sql, {
    ...base,
    clientId: await client(),
    montoCredito: 2500,
    fechaInicio: addDays(today, -140),
    rows: [...paid(10), { parcial: 50 }],
  });
  // 6. Renewal: the old loan's unpaid rows are renewed (so it is paid); the new one is active, 4,800.00, abono 343.
  const renewingClient = await client();
  const old = await createLoan(sql, {
    ...base,
    clientId: renewingClient,
    montoCredito: 1000,
    fechaInicio: addDays(today, -70),
    rows: [...paid(6), ...Array.from({ length: 8 }, () => ({ renovo: true }))],
  });
  await createLoan(sql, {
    ...base,
    clientId: renewingClient,
    montoCredito: 4000,
    fechaInicio: today,
    previousLoanId: old.id,
    // What the old loan still owed: its 8 rows not yet due, the last one the rest of 1,200 (1,200 − 13 × 86).
    saldoPendienteAnterior: toPesos(cents(7 * old.abono + (old.montoConInteres - 13 * old.abono))),
  });
  // A client without loans still counts as a client.
  await client();
  return { municipalityId };
}

describe('GET /api/dashboard-resume', () => {
  let a: TestTenant;
  let b: TestTenant;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    a = await createTenant(sql);
    b = await createTenant(sql);
    await seedTenantA(a.accountId);
    // Tenant B: big amounts that would show in A's figures if tenancy leaked.
    const mB = await createMunicipality(sql, b.accountId, { collectionDay: 'JUEVES' });
    const methodB = await createPaymentMethod(sql, b.accountId);
    const baseB = { accountId: b.accountId, municipalityId: mB, paymentMethod: methodB, today };
    await createLoan(sql, {
      ...baseB,
      clientId: await createClient(sql, b.accountId, mB),
      montoCredito: 30000,
      fechaInicio: addDays(today, -7),
    });
    await createLoan(sql, {
      ...baseB,
      clientId: await createClient(sql, b.accountId, mB),
      montoCredito: 10000,
      fechaInicio: addDays(today, -200),
      rows: paid(1),
    });
    tokenA = await loginToken(app, a);
    tokenB = await loginToken(app, b);
  });

  it("returns tenant A's figures, exactly", async () => {
    const { status, body } = await resume(tokenA);
    expect(status).toBe(200);
    expect(body).toEqual({
      allLoans: 7,
      activeLoans: 4,
      overdueLoans: 1,
      paidLoans: 2,
      totalClients: 7,
      weeklyCollectionAmount: 86 + 429 + 164 + 343,
      amountWaitToPay: 13354.45, // 1,159.45 + 4,613 + 1,972 + 810 + 4,800
      totalAmount: 17300, // 1,200 + 6,000 + 2,300 + 3,000 + 4,800
      overdueAmount: 810,
    });
  });

  it("returns tenant B's own figures, never A's", async () => {
    const { status, body } = await resume(tokenB);
    expect(status).toBe(200);
    expect(body).toEqual({
      allLoans: 2,
      activeLoans: 1,
      overdueLoans: 1,
      paidLoans: 0,
      totalClients: 2,
      weeklyCollectionAmount: 2571, // 36,000 / 14
      amountWaitToPay: 36000 + (12000 - 857),
      totalAmount: 48000,
      overdueAmount: 11143,
    });
  });

  it('counts a loan past its end date as vencido even before the stored flag is recomputed', async () => {
    await sql`update loans set vencido = false where account_id = ${a.accountId} and vencido`;
    const { body } = await resume(tokenA);
    expect(body).toMatchObject({ overdueLoans: 1, activeLoans: 4, overdueAmount: 810 });
  });

  it('answers zeros for an account without loans', async () => {
    const empty = await createTenant(sql);
    const { status, body } = await resume(await loginToken(app, empty));
    expect(status).toBe(200);
    expect(body).toEqual({
      allLoans: 0,
      activeLoans: 0,
      overdueLoans: 0,
      paidLoans: 0,
      totalClients: 0,
      weeklyCollectionAmount: 0,
      amountWaitToPay: 0,
      totalAmount: 0,
      overdueAmount: 0,
    });
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await resume()).status).toBe(401);
    const bad = await resume('no-es-un-jwt');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 when the role lacks PRESTAMOS_VER', async () => {
    const limited = await createTenant(sql, {
      permissions: ['HOJAS_VER', 'PAGOS_REGISTRAR'],
      roleName: 'SOLO_HOJAS',
    });
    const { status, body } = await resume(await loginToken(app, limited));
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'FORBIDDEN', error: 'No tiene permiso para realizar esta acción' });
  });
});
