// Issue 30 item 5 (docs/sincronizacion.md §6–§7): the phone is on a network but the server cannot be reached (a
// dead link, a captive portal, the server down), so navigator.onLine stays true and no `online` event ever
// comes. The header stops saying 'Sincronizado' and says since when the server is not reached; the payment
// recorded meanwhile waits on the phone and goes out by itself soon after the server answers again, once.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Loan } from '../../shared/loans/types';
import type { LedgerEntry } from '../../shared/payments/types';
import { fileBrowser, signIn } from './helpers/browser';
import { syncIndicator } from './helpers/loans';
import { call, seedWeeklyTown } from './helpers/route';

const browser = fileBrowser();
const API = '**/api/**';

/** The payment events the server holds for the loan's rows, as recorded on a phone. */
async function phonePayments(admin: string, loanId: number) {
  const loan = (await call<{ data: Loan }>(admin, 'GET', `loans/${loanId}`)).body.data;
  const events: LedgerEntry[] = [];
  for (const row of loan.amortizacion) {
    const history = await call<{ data: LedgerEntry[] }>(
      admin,
      'GET',
      `loans/${loanId}/amortizations/${row.id}/history`,
    );
    events.push(...history.body.data.filter((e) => e.origen === 'telefono'));
  }
  return events;
}

const card = (page: Page, loanId: number) =>
  page.locator(`[data-testid="cobranza-card"][data-loan-id="${loanId}"]`);

describe('el servidor no responde aunque el teléfono tiene red', () => {
  test('el encabezado lo dice con la hora, y el pago guardado sale solo cuando vuelve, una vez', async () => {
    const { admin, tag } = await seedWeeklyTown('Sin servidor', 1);
    const loans = await call<{ data: Loan[] }>(
      admin,
      'GET',
      `list-loans?clientName=${encodeURIComponent(tag)}&limit=5`,
    );
    const loan = loans.body.data[0]!;
    expect(await phonePayments(admin, loan.id)).toEqual([]);

    // No service worker: its Background Sync would push on its own, and this is about the page's engine.
    const page = await browser.newPage(360, 760, { serviceWorkers: 'block' });
    await signIn(page, 'cobrador@demo.mx');
    const indicator = syncIndicator(page);
    await indicator.and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });

    // Every request to the server fails as a dead link would; the browser still says it is online.
    await page.context().route(API, (route) => route.abort('connectionrefused'));
    // A tap on the indicator tries the server at once (and opens the sync screen).
    await indicator.click();
    await page.waitForURL('**/sync');
    await indicator.and(page.locator('[data-state="unreachable"]')).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await indicator.getAttribute('aria-label')).toMatch(
      /^Sin conexión con el servidor desde las? \d\d:\d\d\. Última sincronización: /,
    );
    // On a phone: the struck-through cloud and the time, never 'Sincronizado'.
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, without the words hidden on a phone
    expect(await indicator.innerText()).toMatch(/^\d\d:\d\d$/);
    await page.getByTestId('sync-connection').getByText('Sin conexión con el servidor').waitFor();
    await page
      .getByTestId('sync-unreachable')
      .getByText(/^Sin conexión con el servidor desde las? \d\d:\d\d\.$/)
      .waitFor();

    // A payment meanwhile: saved on the phone, waiting; the header keeps saying the server is not reached.
    await page.goBack();
    await page.waitForURL('**/cobranza');
    await page.getByLabel('Buscar cliente').fill(tag);
    await card(page, loan.id).getByTestId('cobranza-pago').click();
    await expect.poll(() => card(page, loan.id).getAttribute('data-state')).toBe('pagado');
    await expect.poll(() => indicator.getAttribute('data-pending')).toBe('1');
    await expect
      .poll(() => indicator.getAttribute('aria-label'))
      .toMatch(/^Sin conexión con el servidor desde las? \d\d:\d\d; 1 cambio pendiente\./);
    expect(await phonePayments(admin, loan.id)).toEqual([]);

    // The server answers again. No `online` event (the page never went offline): the engine's short retries
    // find it and the payment goes out.
    await page.context().unroute(API);
    await indicator.and(page.locator('[data-state="synced"]')).waitFor({ timeout: 90_000 });
    expect(await indicator.getAttribute('data-pending')).toBe('0');
    expect(await phonePayments(admin, loan.id)).toHaveLength(1);
    expect(await indicator.getAttribute('aria-label')).toMatch(/^Última sincronización: /);
  }, 180_000);
});
