// At 1280 × 800, beside the sidebar, the office's tables fit: nothing is cut off on the right (the sheets'
// 'Procesar', the summary's 'Diferencia' and 'Por municipio', the cortes' receipt), and the sidebar shows its
// last group without scrolling. The sheet's Resumen is a 14-column work grid: it scrolls sideways inside a
// region the keyboard can reach.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileBrowser, signIn } from './helpers/browser';
import { call, seedLongCorte, seedWeeklyTown } from './helpers/route';

const browser = fileBrowser();

let sheetId = 0;

beforeAll(async () => {
  const { admin, townId } = await seedWeeklyTown('Ancho', 3);
  const sheet = await call<{ data: { id: number } }>(admin, 'POST', 'hoja-de-cobro', {
    municipalityId: townId,
  });
  expect(sheet.status).toBe(201);
  sheetId = sheet.body.data.id;
  // A corte with a long note: it used to push the receipt column past the right edge.
  await seedLongCorte(10);
});

/** How wide the table is against the box it sits in, once it has rows. */
async function tableFit(page: Page, label: string) {
  const table = page.getByRole('table', { name: label });
  await table.locator('tbody tr').first().waitFor();
  return table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
}

describe('a 1280 px', () => {
  test('las tablas de la oficina caben junto al menú, y el menú muestra Reportes sin desplazarse', async () => {
    const page = await browser.newPage(1280, 800);
    await signIn(page);
    const screens = [
      ['/weekly-sheets', 'Hojas semanales'],
      ['/reports/financial-summary', 'Resumen por semana'],
      ['/cortes', 'Cortes de caja'],
      ['/loans', 'Lista de préstamos'],
    ] as const;
    for (const [path, label] of screens) {
      await page.goto(path);
      const fit = await tableFit(page, label);
      expect(fit.table, `${path}: ${fit.table} px de tabla en ${fit.box} px`).toBeLessThanOrEqual(fit.box);
    }
    await page.goto('/weekly-sheets');
    await expect.poll(() => page.getByRole('button', { name: 'Procesar' }).first().isVisible()).toBe(true);
    const processBox = await page.getByRole('button', { name: 'Procesar' }).first().boundingBox();
    expect(processBox!.x + processBox!.width).toBeLessThanOrEqual(1280);

    // Inside the menu's own scrolling box, not hidden below its bottom edge.
    const reportes = page.getByTestId('sidebar').getByRole('button', { name: /Reportes Financieros/ });
    const inView = await reportes.evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
      const bottom = (box ?? document.documentElement).getBoundingClientRect().bottom;
      return el.getBoundingClientRect().bottom <= bottom;
    });
    expect(inView).toBe(true);
  });

  test('el Resumen de la hoja se desplaza de lado dentro de una región que el teclado alcanza', async () => {
    const page = await browser.newPage(1280, 800);
    await signIn(page);
    await page.goto(`/weekly-sheets/${sheetId}/loans`);
    await page.getByRole('button', { name: 'Resumen', exact: true }).click();
    const region = page.getByRole('region', { name: 'Resumen de cobro' });
    await region.getByTestId('resumen-row').first().waitFor();
    const shape = await region.evaluate((r) => ({
      tabIndex: r.tabIndex,
      scrolls: r.scrollWidth > r.clientWidth,
      overflow: getComputedStyle(r).overflowX,
    }));
    expect(shape.tabIndex).toBe(0);
    if (shape.scrolls) expect(shape.overflow).toBe('auto');
    await region.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => region.evaluate((r) => r.scrollLeft > 0 || r.scrollWidth <= r.clientWidth))
      .toBe(true);
  });
});
