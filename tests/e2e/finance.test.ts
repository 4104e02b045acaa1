import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { EgresosResponse } from '../../shared/egresos/types';
import { formatMoney } from '../../shared/money';
import { fileBrowser, signIn } from './helpers/browser';

const browser = fileBrowser();

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const total = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).getByTestId('breakdown-total').textContent()) ?? '').trim();

// Dates of 2031 keep these rows apart from the demo's and from other runs' months.
describe('egresos e inversiones', () => {
  test('registra y corrige un egreso; el total y el desglose cambian', async () => {
    const page = await browser.newPage(1280, 900);
    await signIn(page);
    await page.getByRole('link', { name: 'Egresos' }).click();
    await page.getByRole('heading', { name: 'Egresos' }).waitFor();
    const month = `2031-0${1 + Math.floor(Math.random() * 9)}`;
    await page.goto(`/egresos?fechaInicio=${month}-01&fechaFin=${month}-28`);
    await page.getByTestId('egresos-table').waitFor();
    const before = await api<EgresosResponse>(
      page,
      `/api/list-egresos?fechaInicio=${month}-01&fechaFin=${month}-28`,
    );

    await page.getByRole('button', { name: 'Nuevo Egreso' }).click();
    const dialog = page.getByTestId('egreso-dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El importe debe ser mayor a 0').waitFor();
    await dialog.getByText('El concepto es requerido').waitFor();
    await dialog.getByLabel('Fecha').fill(`${month}-10`);
    await dialog.getByLabel('Importe').fill('1234.56');
    await dialog.getByLabel('Responsable').fill('Prueba E2E');
    await dialog.getByLabel('Concepto').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Egreso registrado exitosamente').waitFor();
    await expect.poll(() => total(page, 'egresos-breakdown')).toBe(formatMoney(before.data.total + 1234.56));

    const row = page.getByTestId('data-row').filter({ hasText: 'Prueba E2E' });
    await row.getByRole('button', { name: 'Editar' }).click();
    await page.getByTestId('egreso-dialog').getByLabel('Importe').fill('1000');
    await page.getByTestId('egreso-dialog').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Egreso actualizado exitosamente').waitFor();
    await expect.poll(() => total(page, 'egresos-breakdown')).toBe(formatMoney(before.data.total + 1000));
    const after = await api<EgresosResponse>(
      page,
      `/api/list-egresos?fechaInicio=${month}-01&fechaFin=${month}-28`,
    );
    expect(after.data.egresos.filter((e) => e.responsable === 'Prueba E2E').map((e) => e.importe)).toEqual([
      1000,
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`egresos-${month}-01-${month}-28.xlsx`);
  });

  test('registra una inversión y la ve en teléfono como tarjeta, con su responsable en el desglose', async () => {
    const page = await browser.newPage(360, 800);
    await signIn(page);
    const month = '2032-02';
    await page.goto(`/inversiones?fechaInicio=${month}-01&fechaFin=${month}-28`);
    await page.getByRole('heading', { name: 'Inversiones' }).waitFor();
    const who = `Socia ${Date.now()}`;
    await page.getByRole('button', { name: 'Nueva Inversión' }).click();
    const dialog = page.getByTestId('inversion-dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El tipo es requerido').waitFor();
    await dialog.getByText('La descripción es requerida').waitFor();
    await dialog.getByLabel('Fecha').fill(`${month}-05`);
    await dialog.getByLabel('Importe').fill('5000');
    await dialog.getByLabel('Responsable').fill(who);
    await dialog.getByLabel('Tipo').selectOption('Aportacion');
    await dialog.getByLabel('Descripción').fill('Capital para la temporada');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Inversión registrada exitosamente').waitFor();
    const card = page.getByTestId('data-card').filter({ hasText: who });
    await card.waitFor();
    expect(await page.getByTestId('inversiones-table').getAttribute('data-layout')).toBe('cards');
    const item = page
      .getByTestId('inversiones-breakdown')
      .getByTestId('breakdown-item')
      .filter({ hasText: who });
    expect((await item.getByTestId('breakdown-value').textContent())?.trim()).toBe('$5,000.00');
    // No 'Editar': investments are create-only (docs/producto.md §4).
    expect(await card.getByRole('button', { name: 'Editar' }).count()).toBe(0);
  });
});
