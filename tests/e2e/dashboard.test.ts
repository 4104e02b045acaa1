import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { DashboardResume } from '../../shared/dashboard/types';
import { dashboardRates } from '../../shared/dashboard/types';
import { formatMoney } from '../../shared/money';
import { fileBrowser, signIn } from './helpers/browser';

const browser = fileBrowser();

async function apiResume(page: Page): Promise<DashboardResume> {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const res = await page.request.get('/api/dashboard-resume', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardResume;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

describe('dashboard', () => {
  test.each([
    ['escritorio', 1280],
    ['teléfono', 360],
  ])('las cifras en %s coinciden con la API', async (_name, width) => {
    const page = await browser.newPage(width, 800);
    await signIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Resumen general del sistema de préstamos').waitFor();
    const r = await apiResume(page);
    expect(r.allLoans).toBeGreaterThan(0);
    await page.getByTestId('card-activeLoans').waitFor();
    expect(await text(page, 'card-weeklyCollectionAmount')).toBe(formatMoney(r.weeklyCollectionAmount));
    expect(await text(page, 'card-amountWaitToPay')).toBe(formatMoney(r.amountWaitToPay));
    expect(await text(page, 'card-totalAmount')).toBe(formatMoney(r.totalAmount));
    expect(await text(page, 'card-activeLoans')).toBe(String(r.activeLoans));
    expect(await text(page, 'card-overdueLoans')).toBe(String(r.overdueLoans));
    expect(await text(page, 'card-overdueAmount')).toBe(formatMoney(r.overdueAmount));
    const rates = dashboardRates(r);
    expect(await text(page, 'rate-tasaDePago')).toBe(`${rates.tasaDePago}%`);
    expect(await text(page, 'rate-tasaDeMorosidad')).toBe(`${rates.tasaDeMorosidad}%`);
    expect(await text(page, 'rate-prestamosPorCliente')).toBe(rates.prestamosPorCliente);
  });

  test('otra cuenta ve solo sus propias cifras', async () => {
    const demo = await browser.newPage();
    await signIn(demo);
    const other = await browser.newPage();
    await signIn(other, 'admin@otra.mx');
    const a = await apiResume(demo);
    const b = await apiResume(other);
    expect(b.allLoans).toBeGreaterThan(0);
    expect(b.allLoans).not.toBe(a.allLoans);
    expect(await text(other, 'card-activeLoans')).toBe(String(b.activeLoans));
  });
});
