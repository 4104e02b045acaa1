import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { businessToday } from '../../shared/dates';
import type { Amortization, Loan, Pagination } from '../../shared/loans/types';
import { formatMoney } from '../../shared/money';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, horizontalOverflow } from './helpers/catalog';
import { deviceLoanIds } from './helpers/loans';

const browser = fileBrowser();
const ROWS = '[data-testid="history-row"]';
const NUMBERS = Array.from({ length: 14 }, (_, i) => String(i + 1));

/** The grid once the device store has answered (first sync done, page rows read). */
async function settled(page: Page) {
  await page.locator(ROWS).first().waitFor();
  await page.getByTestId('history-partial').waitFor({ state: 'hidden' });
  await page.getByTestId('history-loading').waitFor({ state: 'hidden' });
}

async function openHistory(width = 1280, email?: string) {
  const page = await browser.newPage(width, 800);
  await signIn(page, email);
  await page.goto('/loans/history');
  await page.getByRole('heading', { name: 'Historial de Créditos', level: 1 }).waitFor();
  await settled(page);
  return page;
}

async function serverHistory(page: Page, municipalityId?: number) {
  const query = municipalityId === undefined ? '' : `&municipalityId=${municipalityId}`;
  const res = await apiAs<{ data: Loan[]; pagination: Pagination }>(
    page,
    'GET',
    `loan-history?limit=5000${query}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** What docs/producto.md §2 / §4 say a payment cell shows, written here independently of the client's code. */
function expectedLabel(numero: number, row: Amortization | undefined): string {
  if (!row) return `Pago ${numero}: Sin pago`;
  if (row.renovo) return `Pago ${numero}: Renovado`;
  if (row.pagada) return `Pago ${numero}: Pagado`;
  if (row.parcial > 0) return `Pago ${numero}: Parcial ${formatMoney(row.parcial)}`;
  // Not due yet: neutral, not a red ✗ (docs/producto.md §2.8).
  if (row.fecha_pago > businessToday()) return `Pago ${numero}: Por vencer`;
  return `Pago ${numero}: No pagado`;
}

const cellLabels = (row: Locator) =>
  row.locator('td[data-numero]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title')));

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** After a filter is applied: waits until the grid shows exactly these loans (any order). */
async function showsLoans(page: Page, ids: number[]) {
  await expect.poll(async () => sorted(await rowKeys(page))).toEqual(sorted(ids));
  await settled(page);
}

const showing = async (page: Page) =>
  ((await page.getByTestId('history-showing').textContent()) ?? '').trim();
const rowKeys = (page: Page) =>
  page.locator(ROWS).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-key'))));

describe('historial de créditos', () => {
  test('por municipio: columnas, orden por grupo y nombre, y cada pago con su estado y texto accesible', async () => {
    const page = await openHistory();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Nombre', 'Fecha', 'Grupo', 'Abono', ...NUMBERS]);
    const legend = page.getByTestId('history-legend');
    for (const text of ['Pagado', 'Pago parcial (monto)', 'No pagado', 'Renovado', 'Sin pago'])
      await legend.getByText(text).first().waitFor();

    // A municipality with a payment past due among the grid's 14 (other files add towns of their own, with
    // nothing late yet), chosen in the dropdown and applied with 'Filtrar'.
    const all = await serverHistory(page);
    const today = businessToday();
    const municipalityId = all.data.find(
      (l) =>
        !l.pagada &&
        l.amortizacion.some(
          (a) => a.numero_pago <= 14 && !a.pagada && !a.renovo && a.parcial === 0 && a.fecha_pago <= today,
        ),
    )!.municipality_id;
    const select = page.getByLabel('Municipio', { exact: true });
    expect(await select.inputValue()).toBe('');
    expect(await select.locator('option:checked').textContent()).toBe('Todos los municipios');
    await select.selectOption(String(municipalityId));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(`**/loans/history?municipio=${municipalityId}`);
    const onDevice = await deviceLoanIds(page, municipalityId);
    expect(onDevice.length).toBeGreaterThan(0);
    await showsLoans(page, onDevice);
    const keys = await rowKeys(page);
    expect(await showing(page)).toBe(`Mostrando 1 a ${keys.length} de ${keys.length} resultados`);

    const server = new Map((await serverHistory(page, municipalityId)).data.map((l) => [l.id, l]));
    const names = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
    let previous: { grupo: number; nombre: string } | null = null;
    for (const key of keys) {
      const loan = server.get(key)!;
      const row = page.locator(`${ROWS}[data-key="${key}"]`);
      expect(await row.locator('[data-column="grupo"]').textContent()).toBe(String(loan.grupo));
      expect(await row.locator('[data-column="abono"]').textContent()).toBe(formatMoney(loan.abono));
      expect(await row.locator('[data-column="nombre"]').textContent()).toContain(loan.client_nombre);
      if (previous) {
        expect(loan.grupo).toBeGreaterThanOrEqual(previous.grupo);
        if (loan.grupo === previous.grupo)
          expect(names.compare(loan.client_nombre, previous.nombre)).toBeGreaterThanOrEqual(0);
      }
      previous = { grupo: loan.grupo, nombre: loan.client_nombre };
      const byNumber = new Map(loan.amortizacion.map((a) => [a.numero_pago, a]));
      const expected = NUMBERS.map((n) => expectedLabel(Number(n), byNumber.get(Number(n))));
      expect(await cellLabels(row)).toEqual(expected);
    }
    // The demo's portfolio has paid and unpaid rows in every municipality; each cell says its state in words.
    const statuses = await page
      .locator(`${ROWS} td[data-status]`)
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
    expect(statuses).toContain('paid');
    expect(statuses).toContain('unpaid');
    await page
      .locator(ROWS)
      .first()
      .getByText(/^Pago 1: /)
      .waitFor({ state: 'attached' });
  });

  test('50 por página, y en línea los créditos anteriores del servidor se suman', async () => {
    const page = await openHistory();
    const device = await deviceLoanIds(page);
    expect(device.length).toBeGreaterThan(50);
    expect(await showing(page)).toBe(`Mostrando 1 a 50 de ${device.length} resultados`);
    expect(await page.locator(ROWS).count()).toBe(50);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText(`Mostrando 51 a ${device.length} de ${device.length} resultados`).waitFor();
    expect(await page.locator(ROWS).count()).toBe(device.length - 50);
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText(`Mostrando 1 a 50 de ${device.length} resultados`).waitFor();

    const server = await serverHistory(page);
    await page.getByText('Incluir créditos anteriores (servidor)').click();
    const total = server.pagination.total_items;
    await page.getByText(`Mostrando 1 a 50 de ${total} resultados`).waitFor();
    await page.getByTestId('history-loading').waitFor({ state: 'hidden' });
    expect(total).toBeGreaterThanOrEqual(device.length);
    // Every loan the device lacks comes from the server, marked as such; the device's own stay the device's.
    const older = server.data.filter((l) => !device.includes(l.id)).map((l) => l.id);
    expect(older.length).toBe(total - device.length);
    const sources = await page
      .locator(ROWS)
      .evaluateAll((rows) =>
        rows.map((r) => [Number(r.getAttribute('data-key')), r.getAttribute('data-source')]),
      );
    for (const [id, source] of sources)
      expect(source).toBe(older.includes(id as number) ? 'servidor' : 'dispositivo');

    await page.getByText('Incluir créditos anteriores (servidor)').click();
    await page.getByText(`Mostrando 1 a 50 de ${device.length} resultados`).waitFor();
  });

  test('sin conexión se muestra lo guardado en el dispositivo y la opción del servidor se reemplaza', async () => {
    const page = await openHistory();
    const municipalityId = (await serverHistory(page)).data.find((l) => !l.pagada)!.municipality_id;
    const context = page.context();
    await context.setOffline(true);
    await page.getByText('Sin conexión: se muestran los créditos guardados en este dispositivo').waitFor();
    expect(await page.getByText('Incluir créditos anteriores (servidor)').count()).toBe(0);

    // A municipality chosen with the network off: its loans come from IndexedDB.
    await page.getByLabel('Municipio', { exact: true }).selectOption(String(municipalityId));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(`**/loans/history?municipio=${municipalityId}`);
    const onDevice = await deviceLoanIds(page, municipalityId);
    expect(onDevice.length).toBeGreaterThan(0);
    await showsLoans(page, onDevice);
    expect(await page.locator(`${ROWS}[data-source="servidor"]`).count()).toBe(0);
    await context.setOffline(false);
    await page.getByText('Incluir créditos anteriores (servidor)').waitFor();
  });

  test('a 360 px la cuadrícula se desplaza en su propia caja, con el nombre fijo, y la página no se desborda', async () => {
    const page = await openHistory(360);
    expect(await horizontalOverflow(page)).toBe(0);
    const grid = page.getByTestId('history-grid');
    const widths = await grid.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    const name = page.locator(ROWS).first().locator('[data-column="nombre"]');
    const before = (await name.boundingBox())!;
    await grid.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="history-grid"]');
      return el !== null && el.scrollLeft > 0;
    });
    const after = (await name.boundingBox())!;
    expect(after.x).toBeCloseTo(before.x, 0);
    const lastCell = (await page.locator(ROWS).first().locator('td[data-numero="14"]').boundingBox())!;
    expect(lastCell.x + lastCell.width).toBeLessThanOrEqual(360);
    expect(await horizontalOverflow(page)).toBe(0);
    // The page buttons stay big enough to tap.
    const next = (await page.getByRole('button', { name: 'Siguiente' }).boundingBox())!;
    expect(next.height).toBeGreaterThanOrEqual(44);
  });

  test('un COBRADOR también la consulta (lee su dispositivo), sin enlace propio en el menú', async () => {
    const page = await openHistory(1280, 'cobrador@demo.mx');
    expect(await page.locator(ROWS).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Historial de Créditos' }).count()).toBe(0);
  });
});
