// The offline user path (docs/sincronizacion.md §7): a collector with no signal records a payment; it survives
// a reload and a closed page, and reaches the server exactly once when the signal comes back.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Loan } from '../../shared/loans/types';
import type { LedgerEntry } from '../../shared/payments/types';
import { baseUrl, withPersistentContext } from './helpers/browser';
import { apiAs } from './helpers/catalog';
import { deviceLoanIds, markPaidInDetail, nextUnpaidRow, syncIndicator } from './helpers/loans';

const indicator = syncIndicator;

async function signInAsCollector(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('cobrador@demo.mx');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL('**/cobranza');
}

const serverRow = async (page: Page, loanId: number, id: number) =>
  (await apiAs<{ data: Loan }>(page, 'GET', `loans/${loanId}`)).body.data.amortizacion.find(
    (r) => r.id === id,
  );

/** The collector signed in, the service worker in control, the device synced; and a row to pay. */
async function readyCollector(page: Page) {
  await signInAsCollector(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await indicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 30_000 });
  return nextUnpaidRow(page);
}

describe('un pago sin señal llega al servidor una sola vez', () => {
  test('registrar sin conexión, recargar, cerrar y reabrir, volver a tener señal', async () => {
    await withPersistentContext(async (context) => {
      let page = context.pages()[0] ?? (await context.newPage());
      const { loan, row } = await readyCollector(page);

      // No signal: the app shell comes from the service worker, the loan from IndexedDB.
      await context.setOffline(true);
      await page.reload();
      const target = await markPaidInDetail(page, loan.id, row.numero_pago);
      await target.getByTestId('row-pending-sync').waitFor();
      expect(await indicator(page).getAttribute('data-state')).toBe('offline');
      // The row shows the save at once; the indicator counts the entry once its transaction commits.
      await expect.poll(() => indicator(page).getAttribute('data-pending')).toBe('1');

      // Closed and opened again, still without signal: the outbox is still there.
      await page.close();
      page = await context.newPage();
      await page.goto('/sync');
      await page.getByText(loan.loan_reference).first().waitFor();
      await expect.poll(() => indicator(page).getAttribute('data-pending')).toBe('1');

      // Signal again: the engine delivers it by itself, and nothing is left pending.
      await context.setOffline(false);
      await indicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 30_000 });
      expect(await indicator(page).getAttribute('data-pending')).toBe('0');

      expect(await serverRow(page, loan.id, row.id)).toMatchObject({ pagada: true, parcial: 0 });
      const history = await apiAs<{ data: LedgerEntry[] }>(
        page,
        'GET',
        `loans/${loan.id}/amortizations/${row.id}/history`,
      );
      const synced = history.body.data.filter((h) => h.origen === 'telefono');
      expect(synced).toHaveLength(1);
      expect(synced[0]).toMatchObject({
        user: { name: 'Cobrador Demo' },
        client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        mutation_id: expect.any(Number),
        client_time: expect.any(String),
        kind: 'pago',
      });
    });
  });
});

describe('el navegador borra los datos del teléfono', () => {
  test('al abrir lo dice, con el pago que no llegó a enviarse, y vuelve a descargar todo', async () => {
    await withPersistentContext(async (context) => {
      let page = context.pages()[0] ?? (await context.newPage());
      const { loan, row } = await readyCollector(page);
      await context.setOffline(true);
      const target = await markPaidInDetail(page, loan.id, row.numero_pago);
      await target.getByTestId('row-pending-sync').waitFor();
      await expect.poll(() => indicator(page).getAttribute('data-pending')).toBe('1');

      await page.close();

      // What eviction under storage pressure does in Chromium while the app is closed: the origin's IndexedDB
      // goes, localStorage (and with it the session) stays. Still without signal, so nothing was sent first.
      page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseUrl()).origin,
        storageTypes: 'indexeddb',
      });
      await page.goto('/dashboard');
      const notice = page.getByTestId('storage-cleared');
      await notice.getByText('El navegador borró los datos guardados en este teléfono').waitFor();
      await notice.getByText(/Había 1 cambio sin enviar/).waitFor();
      // Still signed in, and everything comes back from the server once there is signal.
      await context.setOffline(false);
      await indicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });
      expect(await indicator(page).getAttribute('data-pending')).toBe('0');
      expect(await deviceLoanIds(page)).toContain(loan.id);
      // The payment that never left the phone is not on the server: that is what the notice asks to re-enter.
      expect(await serverRow(page, loan.id, row.id)).toMatchObject({ pagada: false });
      await notice.getByRole('button', { name: 'Entendido' }).click();
      await notice.waitFor({ state: 'detached' });
    });
  });
});
