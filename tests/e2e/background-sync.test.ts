// docs/sincronizacion.md: the service worker's Background Sync pushes the outbox when the signal returns, even with no
// page of the app open (the collector put the phone away). The local edit registers the sync; Chromium
// fires it when the (emulated) network comes back.
import { describe, expect, test } from 'vitest';
import type { Loan } from '../../shared/loans/types';
import type { LedgerEntry } from '../../shared/payments/types';
import { baseUrl, signIn, withPersistentContext } from './helpers/browser';
import { tokenOf } from './helpers/catalog';
import { markPaidInDetail, nextUnpaidRow, syncIndicator } from './helpers/loans';

const indicator = syncIndicator;

describe('Background Sync', () => {
  test('con la app cerrada, el service worker entrega el pago pendiente una sola vez', async () => {
    await withPersistentContext(async (context) => {
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, 'cobrador@demo.mx');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await indicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 30_000 });
      const { loan, row } = await nextUnpaidRow(page);
      const token = await tokenOf(page);

      await context.setOffline(true);
      const target = await markPaidInDetail(page, loan.id, row.numero_pago);
      await target.getByTestId('row-pending-sync').waitFor();
      // The registration follows the write that the row already shows: it may land a moment later.
      const tags = () =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> };
          };
          return registration.sync.getTags();
        });
      await expect.poll(tags, { timeout: 10_000 }).toEqual(['prestamos-outbox']);

      // The app is closed (no page of it open); the server has nothing yet. Then the signal returns.
      await page.goto('about:blank');
      const history = () =>
        context.request
          .get(`${baseUrl()}/api/loans/${loan.id}/amortizations/${row.id}/history`, {
            headers: { Authorization: `Bearer ${token}` },
          })
          .then(async (res) => ((await res.json()) as { data: LedgerEntry[] }).data)
          .then((changes) => changes.filter((c) => c.origen === 'telefono'));
      expect(await history()).toEqual([]);
      await context.setOffline(false);

      await expect.poll(async () => (await history()).length, { timeout: 20_000 }).toBe(1);
      const [change] = await history();
      expect(change).toMatchObject({ user: { name: 'Cobrador Demo' }, kind: 'pago' });
      const loanNow = await context.request.get(`${baseUrl()}/api/loans/${loan.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const saved = ((await loanNow.json()) as { data: Loan }).data.amortizacion.find((r) => r.id === row.id);
      expect(saved).toMatchObject({ pagada: true });

      // Opening the app again: nothing pending, and the entry it shows as synced is the same one.
      await page.goto('/sync');
      await expect.poll(() => indicator(page).getAttribute('data-pending'), { timeout: 20_000 }).toBe('0');
      await indicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 30_000 });
      expect(await history()).toHaveLength(1);
    });
  });
});
