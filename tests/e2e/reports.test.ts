import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../shared/money';
import type {
  FinancialSummaryResponse,
  IncomeStatementResponse,
  PortfolioReport,
} from '../../shared/reports/types';
import { fileBrowser, signIn } from './helpers/browser';

const browser = fileBrowser();

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

describe('reportes financieros', () => {
  test('el resumen del mes cuadra con la API, y una semana abre su detalle por municipio', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.getByTestId('nav-group-reportes').click();
    await page.getByRole('link', { name: 'Resumen Financiero' }).click();
    await page.getByRole('heading', { name: 'Resumen Financiero' }).waitFor();
    await page.getByTestId('summary-cards').waitFor();
    const from = await page.getByTestId('fecha-inicio').inputValue();
    const to = await page.getByTestId('fecha-fin').inputValue();
    expect(from).toMatch(/^\d{4}-\d{2}-01$/);
    const r = await api<FinancialSummaryResponse>(
      page,
      `/api/resumen_creditos_cobros?fechaInicio=${from}&fechaFin=${to}`,
    );
    expect(await text(page, 'total-totalAbonosCobrados')).toBe(formatMoney(r.totals.totalAbonosCobrados));
    expect(await text(page, 'total-totalMontoEntregado')).toBe(formatMoney(r.totals.totalMontoEntregado));
    expect(await text(page, 'total-totalCreditosEntregados')).toBe(String(r.totals.totalCreditosEntregados));
    // The chart's code arrives after the figures (its own chunk, out of the precache: decision 012).
    await page.getByTestId('chart-cobrado-entregado').locator('svg').first().waitFor();
    const rows = page.getByTestId('summary-table').getByTestId('data-row');
    expect(await rows.count()).toBe(r.data.length);

    const week = r.data.find((w) => w.creditos_entregados > 0) ?? r.data[0]!;
    await page.locator(`[data-testid="data-row"][data-key="${week.semana}"]`).click();
    await page.waitForURL(`**/reports/financial-summary/${week.semana}?**`);
    await page.getByRole('heading', { name: 'Detalle por Municipio' }).waitFor();
    await page.getByTestId('municipality-table').waitFor();
    expect(await page.getByTestId('total-saldo').getAttribute('data-value')).toBe(String(week.diferencia));
    if (week.diferencia < 0) expect(await page.getByTestId('capital-inyectado').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Volver al resumen' }).click();
    await page.waitForURL((url) => url.pathname === '/reports/financial-summary');
    await page.getByTestId('summary-cards').waitFor();
  });

  test('sin conexión muestra el último resultado leído, con su hora', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.goto('/reports/financial-summary');
    await page.getByTestId('summary-cards').waitFor();
    const cobrado = await text(page, 'total-totalAbonosCobrados');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.context().setOffline(true);
    const link = page.getByRole('link', { name: 'Resumen Financiero' });
    if (!(await link.isVisible())) await page.getByTestId('nav-group-reportes').click();
    await link.click();
    await page.getByTestId('stale-result').waitFor();
    expect(await page.getByTestId('stale-result').textContent()).toContain('último resultado leído');
    expect(await text(page, 'total-totalAbonosCobrados')).toBe(cobrado);
    await page.context().setOffline(false);
  });

  test('exporta el resumen a Excel y lo imprime sin menú ni botones', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.goto('/reports/financial-summary?fechaInicio=2026-01-01&fechaFin=2026-12-31');
    await page.getByTestId('summary-cards').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('aside').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await page.getByTestId('summary-table').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('resumen-financiero-2026-01-01-2026-12-31.xlsx');
  });

  test('estado de resultados: un mes del selector, secciones plegables e indicadores', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.goto('/reports/income-statement');
    await page.getByTestId('section-ingresos').waitFor();
    const options = await page.getByTestId('mes').locator('option').allTextContents();
    expect(options).toHaveLength(12);
    const previous = await page.getByTestId('mes').locator('option').nth(1).getAttribute('value');
    await page.getByTestId('mes').selectOption(previous!);
    await page.waitForURL(new RegExp(`fechaInicio=${previous}-01`));
    const params = new URL(page.url()).searchParams;
    const from = params.get('fechaInicio');
    const to = params.get('fechaFin');
    await expect.poll(() => page.getByTestId('fecha-inicio').inputValue()).toBe(from);
    const r = await api<IncomeStatementResponse>(
      page,
      `/api/estado-resultados?fechaInicio=${from}&fechaFin=${to}`,
    );
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="total-neta"]')?.getAttribute('data-value') === String(v),
      r.data.utilidad_neta,
    );
    expect(await text(page, 'total-ingresos')).toBe(formatMoney(r.data.ingresos));
    expect(await text(page, 'margen')).toBe(`${r.data.margenDeUtilidad.toFixed(1)}%`);
    expect(await text(page, 'eficiencia')).toBe(`${r.data.eficienciaDeCostos.toFixed(1)}%`);
    const section = page.getByTestId('section-costos');
    await expect(section.getByText('Comisión sobre abonos').isVisible()).resolves.toBe(true);
    await section.getByRole('button').first().click();
    await section.getByText('Comisión sobre abonos').waitFor({ state: 'hidden' });
  });

  test('salud de la cartera se abre desde el dashboard y cuadra con la API, también en teléfono', async () => {
    for (const width of [1280, 360]) {
      const page = await browser.newPage(width, 900);
      await signIn(page);
      await page.getByTestId('quick-salud-cartera').click();
      await page.waitForURL('**/reports/portfolio');
      await page.getByTestId('portfolio-cards').waitFor();
      const from = await page.getByTestId('fecha-inicio').inputValue();
      const to = await page.getByTestId('fecha-fin').inputValue();
      const r = await api<PortfolioReport>(page, `/api/reporte-cartera?fechaInicio=${from}&fechaFin=${to}`);
      expect(await text(page, 'saldo-cartera')).toBe(formatMoney(r.saldoCartera));
      expect(await text(page, 'par7')).toBe(`${r.par7.porcentaje.toFixed(1)}%`);
      expect(await text(page, 'par30')).toBe(`${r.par30.porcentaje.toFixed(1)}%`);
      for (const id of [
        'chart-antiguedad',
        'chart-cobranza-semana',
        'chart-cobranza-municipio',
        'chart-cobranza-cobrador',
      ]) {
        const figure = page.getByTestId(id);
        // Every chart points at the table that holds its figures.
        const tableId = await figure.getAttribute('aria-describedby');
        expect(await page.locator(`#${tableId}`).count(), id).toBe(1);
      }
      const layout = await page.getByTestId('aging-table').getAttribute('data-layout');
      expect(layout).toBe(width < 768 ? 'cards' : 'table');
    }
  });

  test('un cobrador no ve los reportes y el login no descarga las gráficas', async () => {
    const page = await browser.newPage(1280, 900);
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body.includes('recharts-wrapper'), url).toBe(false);
    }
    await signIn(page, 'cobrador@demo.mx');
    expect(await page.getByTestId('nav-group-reportes').count()).toBe(0);
    await page.goto('/reports/financial-summary');
    await page.getByText('Acceso denegado').waitFor();
  });
});
