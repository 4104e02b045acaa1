import XLSX from 'sheetjs-style';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../../shared/dates';
import { figuresLoanOf, figuresRowOf, loanFigures } from '../../../shared/loans/figures';
import type { Loan } from '../../../shared/loans/types';
import { agingBucketOf } from '../../../shared/reports/aging';
import type { PortfolioReport } from '../../../shared/reports/types';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, createTenant, getJson, loginToken, testApp } from '../helpers/test-db';
import { buildLedger } from './ledger';

const sql = connectTestSql();
const app = testApp(sql);
const today = businessToday('America/Mexico_City');
let token: string;
const loanIds: number[] = [];

/**
 * One unpaid loan of 1,000 (abono 86, 14 rows adding up to 1,200: 1,200 outstanding) per aging bucket, its
 * first row due `days` ago; the 8–30 loan has 30 partly paid on that row (still not fully paid: 1,170); one
 * loan is current (first row due in 5 days) and one is paid in full (left out).
 */
beforeAll(async () => {
  const tenant = await createTenant(sql);
  token = await loginToken(app, tenant);
  const municipalityId = await createMunicipality(sql, tenant.accountId);
  const method = await createPaymentMethod(sql, tenant.accountId);
  const loan = async (firstDueDaysAgo: number, rows: { parcial?: number; pagada?: boolean }[] = []) => {
    const created = await createLoan(sql, {
      accountId: tenant.accountId,
      municipalityId,
      paymentMethod: method,
      clientId: await createClient(sql, tenant.accountId, municipalityId),
      montoCredito: 1000,
      fechaInicio: addDays(today, -firstDueDaysAgo - 7),
      rows: rows.map((r) => ({ ...r, fecha_pagada: r.parcial ? addDays(today, -1) : undefined })),
    });
    loanIds.push(created.id);
  };
  await loan(-5); // current
  await loan(3); // 1–7
  await loan(10, [{ parcial: 30 }]); // 8–30
  await loan(40); // 31–60
  await loan(70); // 61–90
  await loan(120); // > 90
  await loan(
    200,
    Array.from({ length: 14 }, () => ({ pagada: true })),
  ); // paid: not in the portfolio
});

async function report(as = token) {
  const res = await getJson(app, '/api/reporte-cartera', as);
  return { status: res.status, body: (await res.json()) as PortfolioReport & { error?: string } };
}

describe('GET /api/reporte-cartera aging and PAR', () => {
  it('puts each loan in its bucket with its outstanding balance', async () => {
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.antiguedad.map((b) => [b.key, b.prestamos, b.saldo])).toEqual([
      ['corriente', 1, 1200],
      ['1-7', 1, 1200],
      ['8-30', 1, 1170],
      ['31-60', 1, 1200],
      ['61-90', 1, 1200],
      ['90+', 1, 1200],
    ]);
    // 5 × 1,200 + 1,170 = 7,170 outstanding on 6 loans.
    expect(body.prestamosCartera).toBe(6);
    expect(body.saldoCartera).toBe(7170);
    // The loan 120 days late is past its last row's date (vencido): the other five are active (the dashboard's
    // definition, docs/reglas-del-negocio.md).
    expect(body.prestamosActivos).toBe(5);
    expect(body.saldoActivos).toBe(5970);
    // PAR7: late more than 7 days = 1,170 + 3 × 1,200 = 4,770 → 66.5 %; PAR30: 3,600 → 50.2 %.
    expect(body.par7).toEqual({ prestamos: 4, saldo: 4770, porcentaje: 66.5 });
    expect(body.par30).toEqual({ prestamos: 3, saldo: 3600, porcentaje: 50.2 });
    expect(body.par30.saldo).toBeLessThanOrEqual(body.par7.saldo);
    expect(body.par7.saldo).toBeLessThanOrEqual(body.saldoCartera);
    // Without dates: the last 12 weeks, this one included.
    expect(body.porSemana).toHaveLength(12);
    expect(body.fecha).toBe(today);
  });
});

describe('reports: permissions, accounts, files', () => {
  it('refuses a COBRADOR (no REPORTES_VER) and an anonymous caller', async () => {
    const cobrador = await createTenant(sql, {
      permissions: ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER'],
    });
    const cobradorToken = await loginToken(app, cobrador);
    for (const path of [
      '/api/resumen_creditos_cobros',
      '/api/resumen_creditos_cobros_municipio?fecha=2026-09-09',
      '/api/estado-resultados',
      '/api/reporte-cartera',
      '/api/reporte-cartera/file',
    ]) {
      expect((await getJson(app, path, cobradorToken)).status, path).toBe(403);
      expect((await getJson(app, path)).status, path).toBe(401);
    }
  });

  it("never counts another account's money", async () => {
    const other = await createTenant(sql);
    await buildLedger(sql, other.accountId, other.userId);
    const mine = await createTenant(sql);
    const res = await getJson(
      app,
      '/api/resumen_creditos_cobros?fechaInicio=2026-09-01&fechaFin=2026-09-30',
      await loginToken(app, mine),
    );
    const body = (await res.json()) as { totals: Record<string, number> };
    expect(body.totals).toEqual({
      totalCreditosEntregados: 0,
      totalAbonosCobrados: 0,
      totalMontoEntregado: 0,
      totalComisionabonos: 0,
      totalComisioncreditos: 0,
      saldo: 0,
    });
  });

  it('exports the summary as an .xlsx with numbers as numbers and a totals row', async () => {
    const tenant = await createTenant(sql);
    await buildLedger(sql, tenant.accountId, tenant.userId);
    const res = await getJson(
      app,
      '/api/resumen_creditos_cobros/file?fechaInicio=2026-09-01&fechaFin=2026-09-30',
      await loginToken(app, tenant),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toContain('resumen-financiero-2026-09-01-2026-09-30.xlsx');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: true,
    });
    const header = rows.findIndex((r) => r[0] === 'Semana');
    expect(rows[header]).toEqual([
      'Semana',
      'Créditos entregados',
      'Monto entregado',
      'Monto cobrado',
      'Comisión abonos',
      'Comisión créditos',
      'Diferencia',
    ]);
    const weekTwo = rows[header + 2]!;
    expect(weekTwo.slice(1)).toEqual([2, 2658, 429, 21.45, 60, -2310.45]);
    expect(rows.at(-1)).toEqual(['TOTAL', 3, 7658, 1401, 70.05, 160, -6487.05]);
  });

  it('exports the income statement and the portfolio', async () => {
    const tenant = await createTenant(sql);
    await buildLedger(sql, tenant.accountId, tenant.userId);
    const t = await loginToken(app, tenant);
    const income = await getJson(
      app,
      '/api/estado-resultados/file?fechaInicio=2026-09-01&fechaFin=2026-09-30',
      t,
    );
    const book = XLSX.read(Buffer.from(await income.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: true,
    });
    expect(rows).toContainEqual(['UTILIDAD NETA', -1776.9]);
    expect(rows).toContainEqual(['Intereses cobrados', 233.5]);
    const portfolio = await getJson(app, '/api/reporte-cartera/file', t);
    expect(portfolio.status).toBe(200);
    expect(portfolio.headers.get('Content-Type')).toContain('spreadsheetml');
  });

  it("gives each loan the bucket Cobranza shows from the shared loan figures (the report's SQL twin)", async () => {
    const { body } = await report();
    const counts = new Map<string, number>();
    for (const id of loanIds) {
      const res = await getJson(app, `/api/loans/${id}`, token);
      const loan = ((await res.json()) as { data: Loan }).data;
      const figures = loanFigures(figuresLoanOf(loan), loan.amortizacion.map(figuresRowOf), today, {
        start: today,
        end: today,
      });
      if (figures.outstanding === 0) continue;
      const key = agingBucketOf(figures.daysLate)?.key ?? 'corriente';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual(
      Object.fromEntries(body.antiguedad.filter((b) => b.prestamos > 0).map((b) => [b.key, b.prestamos])),
    );
  });
});
