// 'En campo' (docs/producto.md §2.25): the office watches today's collection; a payment a collector's phone pushes
// shows on the open screen without a reload, and the phone's last contact and waiting entries are there.
import { describe, expect, test } from 'vitest';
import type { FieldToday } from '../../shared/field/types';
import type { Loan } from '../../shared/loans/types';
import { fileBrowser, signIn } from './helpers/browser';
import { call, tokenOf } from './helpers/route';

const browser = fileBrowser();

describe('en campo', () => {
  test('la oficina ve llegar un pago del teléfono sin recargar', async () => {
    const page = await browser.newPage(1280, 800);
    await signIn(page);
    await page.getByTestId('sidebar').getByRole('link', { name: 'En campo' }).click();
    await page.waitForURL('**/en-campo');
    await expect
      .poll(() => page.getByTestId('field-live').getAttribute('data-mode'), { timeout: 20_000 })
      .toBe('en-vivo');
    const cobrado = async () => Number(await page.getByTestId('field-cobrado').getAttribute('data-value'));
    const before = await cobrado();

    const collector = await tokenOf('cobrador@demo.mx');
    const admin = await tokenOf('admin@demo.mx');
    const today = (await call<{ data: FieldToday }>(admin, 'GET', 'field/today')).body.data.fecha;
    const loans = await call<{ data: Loan[] }>(collector, 'GET', 'list-loans?activos=true&limit=1');
    const clientId = crypto.randomUUID();
    const pushed = await call(collector, 'POST', 'sync/push', {
      clientId,
      pendientes: 2,
      mutations: [
        {
          id: 1,
          name: 'payment.record',
          args: {
            receiptId: crypto.randomUUID(),
            loanId: loans.body.data[0]!.id,
            amount: 77.5,
            fecha: today,
          },
          clientTime: new Date().toISOString(),
        },
      ],
    });
    expect(pushed.status).toBe(200);

    await expect
      .poll(async () => Math.round((await cobrado()) * 100), { timeout: 20_000 })
      .toBe(Math.round(before * 100) + 7750);
    const row = page
      .getByTestId('field-collectors')
      .locator('[data-testid="data-row"]', { hasText: 'Cobrador Demo' });
    await expect
      .poll(() => row.getByTestId('field-device').allInnerTexts(), { timeout: 20_000 })
      .toContain('hace menos de 1 min · 2 pendientes');
  });

  test('a 360 px cabe, y un cobrador no la ve en su menú', async () => {
    const page = await browser.newPage(360, 800);
    await signIn(page);
    await page.goto('/en-campo');
    await page.getByRole('heading', { name: 'En campo', level: 1 }).waitFor();
    await page.getByTestId('field-collectors').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const collector = await browser.newPage(360, 800);
    await signIn(collector, 'cobrador@demo.mx');
    await collector
      .getByRole('button', { name: /menú/i })
      .first()
      .click()
      .catch(() => {});
    expect(await collector.getByRole('link', { name: 'En campo' }).count()).toBe(0);
  });
});
