import { beforeAll, describe, expect, it } from 'vitest';
import type {
  FinancialSummaryResponse,
  IncomeStatementResponse,
  MunicipalitySummaryResponse,
  PortfolioReport,
} from '../../../shared/reports/types';
import { connectTestSql, createTenant, getJson, loginToken, testApp } from '../helpers/test-db';
import { buildLedger, type Ledger } from './ledger';

const sql = connectTestSql();
const app = testApp(sql);
let token: string;
let ledger: Ledger;

beforeAll(async () => {
  const tenant = await createTenant(sql);
  ledger = await buildLedger(sql, tenant.accountId, tenant.userId);
  token = await loginToken(app, tenant);
});

async function get<T>(path: string, as = token) {
  const res = await getJson(app, path, as);
  return { status: res.status, body: (await res.json()) as T & { error?: string; code?: string } };
}

const cents = (pesos: number) => Math.round(pesos * 100);
const sumOf = (values: number[]) => values.reduce((a, b) => a + cents(b), 0) / 100;

describe('GET /api/resumen_creditos_cobros', () => {
  it('adds up September week by week, to the centavo', async () => {
    const { status, body } = await get<FinancialSummaryResponse>(
      '/api/resumen_creditos_cobros?fechaInicio=2026-09-01&fechaFin=2026-09-30',
    );
    expect(status).toBe(200);
    expect(body.data.map((r) => [r.semana, r.desde, r.hasta])).toEqual([
      ['2026-08-31', '2026-09-01', '2026-09-06'],
      ['2026-09-07', '2026-09-07', '2026-09-13'],
      ['2026-09-14', '2026-09-14', '2026-09-20'],
      ['2026-09-21', '2026-09-21', '2026-09-27'],
      ['2026-09-28', '2026-09-28', '2026-09-30'],
    ]);
    const [w1, w2, w3, w4, w5] = body.data;
    // Week of 31 Aug: A delivered (5,000), nothing collected: 2 % of 5,000 = 100 → capital injected.
    expect(w1).toMatchObject({
      creditos_entregados: 1,
      monto_entregado: 5000,
      monto_cobrado: 0,
      monto_comision_abonos: 0,
      monto_comision_creditos: 100,
      diferencia: -5100,
    });
    // Week of 7 Sep: B (1,000) and the renewal C1 (2,000 credit, 1,658 delivered); A's first abono 429.
    // 5 % × 429 = 21.45; 2 % × 3,000 = 60; 429 − 2,658 − 21.45 − 60 = −2,310.45.
    expect(w2).toMatchObject({
      creditos_entregados: 2,
      monto_entregado: 2658,
      monto_cobrado: 429,
      monto_comision_abonos: 21.45,
      monto_comision_creditos: 60,
      diferencia: -2310.45,
    });
    // Week of 14 Sep: A 429 + B 86 + C1 171 = 686; 5 % = 34.30.
    expect(w3).toMatchObject({
      creditos_entregados: 0,
      monto_cobrado: 686,
      monto_comision_abonos: 34.3,
      diferencia: 651.7,
    });
    // Week of 21 Sep: only A's partial 200 (B's row due on the 22nd was paid on the 30th).
    expect(w4).toMatchObject({ monto_cobrado: 200, monto_comision_abonos: 10, diferencia: 190 });
    // 28–30 Sep: B's late payment 86; A's payment of 1 Oct is outside the range.
    expect(w5).toMatchObject({ monto_cobrado: 86, monto_comision_abonos: 4.3, diferencia: 81.7 });

    expect(body.totals).toEqual({
      totalCreditosEntregados: 3,
      totalMontoEntregado: 7658,
      totalAbonosCobrados: 1401,
      totalComisionabonos: 70.05,
      totalComisioncreditos: 160,
      saldo: -6487.05,
    });
    // Cross-check: the rows add up to the totals.
    expect(sumOf(body.data.map((r) => r.diferencia))).toBe(body.totals.saldo);
    expect(sumOf(body.data.map((r) => r.monto_cobrado))).toBe(body.totals.totalAbonosCobrados);
    expect(body.params).toEqual({ comision_abonos_pct: 5, comision_creditos_pct: 2 });
  });

  it('answers the current month without dates, and refuses bad or inverted dates in Spanish', async () => {
    const month = await get<FinancialSummaryResponse>('/api/resumen_creditos_cobros');
    expect(month.status).toBe(200);
    expect(month.body.fechaInicio).toMatch(/^\d{4}-\d{2}-01$/);
    const bad = await get('/api/resumen_creditos_cobros?fechaInicio=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('La fecha no es válida (AAAA-MM-DD)');
    const inverted = await get('/api/resumen_creditos_cobros?fechaInicio=2026-10-01&fechaFin=2026-09-01');
    expect(inverted.status).toBe(400);
    expect(inverted.body.error).toBe('La fecha de inicio no puede ser posterior a la fecha de fin');
  });
});

describe('GET /api/resumen_creditos_cobros_municipio', () => {
  it('splits the week of 7 Sep by municipality and adds up to the week', async () => {
    const { status, body } = await get<MunicipalitySummaryResponse>(
      '/api/resumen_creditos_cobros_municipio?fecha=2026-09-09',
    );
    expect(status).toBe(200);
    expect(body.semana).toBe('2026-09-07');
    const centro = body.data.find((r) => r.municipality_id === ledger.centroId);
    const norte = body.data.find((r) => r.municipality_id === ledger.norteId);
    // Centro: C1 delivered 1,658 (credit 2,000 → 40); A's 429 collected (21.45) → −1,290.45.
    expect(centro).toMatchObject({
      municipio: 'Centro',
      creditos_entregados: 1,
      monto_entregado: 1658,
      monto_cobrado: 429,
      diferencia: -1290.45,
    });
    // Norte: B delivered 1,000 (→ 20), nothing collected → −1,020.
    expect(norte).toMatchObject({
      municipio: 'Norte',
      creditos_entregados: 1,
      monto_entregado: 1000,
      monto_cobrado: 0,
      diferencia: -1020,
    });
    expect(body.totals.saldo).toBe(-2310.45);
  });

  it('cut to the summary range, the first week adds up to its row', async () => {
    const { body } = await get<MunicipalitySummaryResponse>(
      '/api/resumen_creditos_cobros_municipio?fecha=2026-08-31&fechaInicio=2026-09-01&fechaFin=2026-09-30',
    );
    expect(body.fechaInicio).toBe('2026-09-01');
    expect(body.totals).toMatchObject({
      totalCreditosEntregados: 1,
      totalMontoEntregado: 5000,
      saldo: -5100,
    });
  });

  it('requires the date', async () => {
    const { status, body } = await get('/api/resumen_creditos_cobros_municipio');
    expect(status).toBe(400);
    expect(body.error).toBe('La fecha es requerida');
  });
});

describe('GET /api/estado-resultados', () => {
  it("September's statement ties to the collections and the egresos", async () => {
    const { status, body } = await get<IncomeStatementResponse>(
      '/api/estado-resultados?fechaInicio=2026-09-01&fechaFin=2026-09-30',
    );
    expect(status).toBe(200);
    // 1,401 collected at 20 %: interest share 1,401 × 20 / 120 = 233.50.
    // Direct costs 70.05 + 160 = 230.05 → gross 3.45; expenses 1,550 + 150.25 + 80.10 = 1,780.35.
    expect(body.data).toMatchObject({
      monto_cobrado: 1401,
      ingresos: 233.5,
      capital_recuperado: 1167.5,
      costo_directo_comision_abonos: 70.05,
      costo_directo_comision_creditos: 160,
      utilidad_bruta: 3.45,
      gastos_operacion: 1550,
      gastos_financieros: 150.25,
      otros_gastos: 80.1,
      utilidad_neta: -1776.9,
      // −1,776.90 ÷ 233.50 = −761.0 %; (230.05 + 1,780.35) ÷ 233.50 = 861.0 %.
      margenDeUtilidad: -761,
      eficienciaDeCostos: 861,
    });
    expect(body.data.gastos.map((g) => [g.concepto, g.total])).toEqual([
      ['Intereses bancarios', 150.25],
      ['Gasolina', 350],
      ['Renta', 1200],
      ['Papelería', 80.1],
    ]);
    // Ties to the financial summary of the same month.
    const summary = await get<FinancialSummaryResponse>(
      '/api/resumen_creditos_cobros?fechaInicio=2026-09-01&fechaFin=2026-09-30',
    );
    expect(body.data.monto_cobrado).toBe(summary.body.totals.totalAbonosCobrados);
    expect(body.data.costo_directo_comision_abonos).toBe(summary.body.totals.totalComisionabonos);
  });
});

describe('GET /api/reporte-cartera collection rates', () => {
  it('rates each week of September: due rows against money received', async () => {
    const { status, body } = await get<PortfolioReport>(
      '/api/reporte-cartera?fechaInicio=2026-09-07&fechaFin=2026-09-27',
    );
    expect(status).toBe(200);
    expect(body.porSemana.map((w) => [w.key, w.esperado, w.cobrado, w.tasa])).toEqual([
      // Due 9 Sep: A 429 (C0's rows due then were renewed); collected A 429.
      ['2026-09-07', 429, 429, 100],
      // Due A 429 + B 86 + C1 171 = 686, all collected.
      ['2026-09-14', 686, 686, 100],
      // Due 686 again; only A's partial 200 arrived: 29.2 %.
      ['2026-09-21', 686, 200, 29.2],
    ]);
    const norte = body.porMunicipio.find((m) => m.key === String(ledger.norteId));
    expect(norte).toMatchObject({ esperado: 172, cobrado: 86, tasa: 50 });
    expect(sumOf(body.porMunicipio.map((m) => m.cobrado))).toBe(body.totalCobranza.cobrado);
    expect(sumOf(body.porCobrador.map((m) => m.cobrado))).toBe(body.totalCobranza.cobrado);
    // The collector recorded B's 86 on 15 Sep, alone in Norte that week, whose due was that same 86; B's row
    // due on 22 Sep was paid on the 30th, outside the range, in a week the collector collected nothing there.
    const collector = body.porCobrador.find((r) => r.label.startsWith('Usuario'));
    expect(collector).toMatchObject({ cobrado: 86, pagos: 1, municipios: 1, esperado: 86, tasa: 100 });
    // Money without a recorded user: Centro's 429 + 429 + 171 + 200, against Centro's due in those weeks.
    const unknown = body.porCobrador.find((r) => r.key === 'sin-usuario');
    expect(unknown).toMatchObject({ cobrado: 1229, pagos: 4, municipios: 1, esperado: 429 + 600 + 600 });
  });
});
