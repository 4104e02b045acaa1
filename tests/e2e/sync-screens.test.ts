import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { businessToday } from '../../shared/dates';
import type { Amortization, LoanRecord } from '../../shared/loans/types';
import type { PullResponse, PushResponse, SyncConflict } from '../../shared/sync/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, horizontalOverflow, toast, tokenOf } from './helpers/catalog';
import { call, tokenOf as tokenOfUser } from './helpers/route';

const browser = fileBrowser();
const CARDS = '[data-testid="conflict-card"]';
const isPull = (url: URL) => url.pathname === '/api/sync/pull';
const isConflictList = (url: URL) => url.pathname === '/api/sync/conflicts';

async function signedIn(width = 1280, email?: string) {
  const page = await browser.newPage(width, 800);
  await signIn(page, email);
  return page;
}

async function put(page: Page, path: string, data: unknown) {
  const res = await page.request.fetch(`/api/${path}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data,
  });
  return res.status();
}

const mutation = (name: string, args: Record<string, unknown>) => ({
  id: 1,
  name,
  args: { receiptId: randomUUID(), ...args },
  clientTime: new Date().toISOString(),
});

/**
 * A real conflict (docs/sincronizacion.md, decision 021): the collector's phone collects $30 on a row, the office corrects that
 * payment to $10, and another phone of the collector, which saw the row at $30, asks it to hold $40 (a payment of
 * $10 more). The server applies the edit ($20) and lists it: it was made over a correction someone else made.
 */
async function makeConflict(page: Page) {
  const collector = await tokenOfUser('cobrador@demo.mx');
  const pulled = await call<PullResponse>(collector, 'POST', 'sync/pull', { clientId: randomUUID() });
  expect(pulled.status).toBe(200);
  const loans = new Map<number, LoanRecord>(pulled.body.changes.loans.map((l) => [l.id, l]));
  const candidates = pulled.body.changes.amortizations.filter((a: Amortization) => {
    const loan = loans.get(a.loan_id);
    return loan && !loan.pagada && !a.pagada && !a.renovo && a.parcial === 0 && loan.abono > 50;
  });
  expect(candidates.length).toBeGreaterThan(0);
  const row = candidates[Math.floor(Math.random() * candidates.length)]!;
  const loan = loans.get(row.loan_id)!;
  const paid = mutation('payment.record', {
    loanId: row.loan_id,
    amount: 30,
    fecha: businessToday(),
    amortizationId: row.id,
  });
  const first = await call<PushResponse>(collector, 'POST', 'sync/push', {
    clientId: randomUUID(),
    mutations: [paid],
  });
  expect(first.body.results).toEqual([{ id: 1, status: 'applied' }]);
  const seen = await apiAs<{ data: { amortizacion: Amortization[] } }>(page, 'GET', `loans/${row.loan_id}`);
  const base = seen.body.data.amortizacion.find((a) => a.id === row.id)!;
  expect(base.parcial).toBe(30);
  expect(await put(page, `loans/${row.loan_id}/amortizations/${row.id}`, { parcial: 10 })).toBe(200);
  const phone = randomUUID();
  const pushed = await call<PushResponse>(collector, 'POST', 'sync/push', {
    clientId: phone,
    mutations: [
      mutation('amortization.update', {
        loanId: row.loan_id,
        amortizationId: row.id,
        baseVersion: base.version,
        parcial: 40,
      }),
    ],
  });
  expect(pushed.body.results).toEqual([{ id: 1, status: 'conflict' }]);
  const list = await apiAs<{ data: SyncConflict[] }>(page, 'GET', 'sync/conflicts');
  const conflict = list.body.data.find((c) => c.client_id === phone)!;
  expect(conflict).toMatchObject({ amortization_id: row.id, loan_reference: loan.loan_reference });
  return { conflict, phone, row };
}

describe('pendientes de sincronizar', () => {
  test('desde el menú: estado en línea, última sincronización, "Sincronizar ahora" y la lista vacía', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Sincronización' }).click();
    await page.getByRole('heading', { name: 'Pendientes de sincronizar', level: 1 }).waitFor();
    await page.getByTestId('sync-connection').getByText('En línea').waitFor();
    await page
      .getByTestId('sync-last')
      .getByText(/^Última sincronización: \d{2}\/\d{2}\/\d{4}/)
      .waitFor();
    await page.getByText('No hay cambios pendientes de sincronizar').waitFor();
    // How much the device holds, from the browser's own estimate.
    await page
      .getByTestId('sync-storage')
      .getByText(/^Datos en este dispositivo: [\d.,]+ [MG]B de [\d.,]+ [MG]B\./)
      .waitFor();

    const button = page.getByRole('button', { name: 'Sincronizar ahora' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const pulled = page.waitForRequest((r) => r.url().endsWith('/api/sync/pull') && r.method() === 'POST');
    await button.click();
    await pulled;
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await page.getByTestId('sync-error').count()).toBe(0);
  });

  test('un dispositivo que no ha podido sincronizar lo dice, con el error, hasta que sincroniza', async () => {
    const page = await browser.newPage();
    await page.route(isPull, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Servicio no disponible por mantenimiento', code: 'INTERNAL' }),
      }),
    );
    await signIn(page);
    await page.goto('/sync');
    await page.getByText('Aún no se ha sincronizado este dispositivo').waitFor();
    await page.getByTestId('sync-error').getByText('Servicio no disponible por mantenimiento').waitFor();

    await page.unroute(isPull);
    const button = page.getByRole('button', { name: 'Sincronizar ahora' });
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    await button.click();
    await page
      .getByTestId('sync-last')
      .getByText(/^Última sincronización: /)
      .waitFor();
    await page.getByTestId('sync-error').waitFor({ state: 'detached' });
  });

  test('sin conexión lo dice y "Sincronizar ahora" se desactiva', async () => {
    const page = await signedIn();
    await page.goto('/sync');
    await page
      .getByTestId('sync-last')
      .getByText(/^Última sincronización: /)
      .waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('sync-connection').getByText('Sin conexión').waitFor();
    expect(await page.getByRole('button', { name: 'Sincronizar ahora' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await page.getByTestId('sync-connection').getByText('En línea').waitFor();
    const button = page.getByRole('button', { name: 'Sincronizar ahora' });
    await expect.poll(() => button.isEnabled()).toBe(true);
  });
});

describe('conflictos de sincronización', () => {
  test('un conflicto real: valores, quién y cuándo, y "Marcar como revisado"', async () => {
    const page = await signedIn();
    const { conflict, phone, row } = await makeConflict(page);
    await page.getByRole('link', { name: 'Conflictos' }).click();
    await page.getByRole('heading', { name: 'Conflictos de sincronización', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Por revisar' }).getAttribute('aria-pressed')).toBe('true');

    const card = page.locator(`${CARDS}[data-key="${conflict.id}"]`);
    await card.waitFor();
    await card.getByText(`${conflict.loan_reference} · ${conflict.client_nombre}`).waitFor();
    await card.getByText(`Pago #${row.numero_pago}`).waitFor();
    // Before: the office's correction to $10; the phone's $40 made on the old $30; applied: $10 more, $20.
    await card.getByTestId('conflict-server-value').getByText('$10.00').waitFor();
    await card.getByTestId('conflict-client-value').getByText('$40.00').waitFor();
    expect(await card.getByTestId('conflict-client-value').getByText('Sin cambio').count()).toBe(2);
    await card.getByTestId('conflict-applied-value').getByText('$20.00').waitFor();
    await card.getByTestId('conflict-server-change').getByText('Administrador Demo').waitFor();
    await card.getByTestId('conflict-server-change').getByText('En línea (sin dispositivo)').waitFor();
    await card.getByTestId('conflict-client-change').getByText(phone).waitFor();
    for (const label of ['Hora en el teléfono', 'Llegó al servidor'])
      await card.getByTestId('conflict-client-change').getByText(label).waitFor();

    await card.getByRole('button', { name: /^Marcar como revisado/ }).click();
    await toast(page, 'success', 'Conflicto marcado como revisado');
    await card.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Revisados' }).click();
    const reviewed = page.locator(`${CARDS}[data-key="${conflict.id}"]`);
    await reviewed.getByText(/^Revisado por Administrador Demo el /).waitFor();
    expect(await reviewed.getByRole('button', { name: /Marcar como revisado/ }).count()).toBe(0);
    const api = await apiAs<{ data: SyncConflict[] }>(page, 'GET', 'sync/conflicts?reviewed=true');
    expect(api.body.data.find((c) => c.id === conflict.id)?.reviewed_by?.name).toBe('Administrador Demo');
    await page.getByRole('button', { name: 'Todos' }).click();
    await page.locator(`${CARDS}[data-key="${conflict.id}"]`).waitFor();
  });

  test('si la lista no carga se dice y se puede reintentar; sin conexión se avisa', async () => {
    const page = await signedIn();
    await page.route(isConflictList, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Error interno del servidor', code: 'INTERNAL' }),
      }),
    );
    await page.goto('/sync/conflicts');
    await page.getByText('Error al cargar los conflictos').waitFor();
    await page.unroute(isConflictList);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByTestId('error-state').waitFor({ state: 'detached' });
    await page.locator(`${CARDS}, [data-testid="conflicts-empty"]`).first().waitFor();

    await page.context().setOffline(true);
    await page.getByText('Sin conexión: esta pantalla requiere internet').waitFor();
    expect(await page.locator(CARDS).count()).toBe(0);
    await page.context().setOffline(false);
    await page.locator(`${CARDS}, [data-testid="conflicts-empty"]`).first().waitFor();
  });

  test('un COBRADOR no tiene el enlace, recibe "Acceso denegado" y 403 de la API', async () => {
    const page = await signedIn(1280, 'cobrador@demo.mx');
    await page.getByRole('link', { name: 'Sincronización' }).waitFor();
    expect(await page.getByRole('link', { name: 'Conflictos' }).count()).toBe(0);
    await page.goto('/sync/conflicts');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    expect((await apiAs(page, 'GET', 'sync/conflicts')).status).toBe(403);
    expect((await apiAs(page, 'POST', 'sync/conflicts/1/review')).status).toBe(403);
  });
});

describe('a 360 px', () => {
  test('las dos pantallas caben sin desbordar la página', async () => {
    const page = await signedIn(360);
    await makeConflict(page);
    await page.goto('/sync');
    await page
      .getByTestId('sync-last')
      .getByText(/^Última sincronización: /)
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const button = (await page.getByRole('button', { name: 'Sincronizar ahora' }).boundingBox())!;
    expect(button.height).toBeGreaterThanOrEqual(44);

    await page.goto('/sync/conflicts');
    const card = page.locator(CARDS).first();
    await card.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const review = (await card.getByRole('button', { name: /^Marcar como revisado/ }).boundingBox())!;
    expect(review.height).toBeGreaterThanOrEqual(44);
  });

  test('sin señal y con cambios pendientes, el encabezado deja leer el nombre y cuántos esperan', async () => {
    const page = await signedIn(360, 'cobrador@demo.mx');
    await page.getByTestId('sync-indicator').and(page.locator('[data-state="synced"]')).waitFor({
      timeout: 60_000,
    });
    // Two visits saved with no signal: they stay in this phone (the context ends before any signal).
    await page.context().setOffline(true);
    const cards = page.getByTestId('cobranza-card');
    for (const i of [0, 1]) {
      await cards.nth(i).getByRole('button', { name: 'No pagó' }).click();
      const visit = page.getByTestId('visit-dialog');
      await visit.getByText('No estaba').click();
      await visit.getByRole('button', { name: 'Guardar visita' }).click();
      await visit.waitFor({ state: 'hidden' });
    }
    const indicator = page.getByTestId('sync-indicator');
    await expect.poll(() => indicator.getAttribute('data-pending')).toBe('2');
    expect(await indicator.getAttribute('data-state')).toBe('offline');

    // The name whole, not cut to "Cobrador D…".
    const name = page.getByTestId('header-user').getByText('Cobrador Demo', { exact: true });
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The indicator: its icon and the count, whole; the words stay in its accessible name.
    // biome-ignore lint/performance/useDomNodeTextContent: the text shown, without the words hidden on a phone
    expect(await indicator.innerText()).toBe('2');
    expect(await indicator.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await indicator.getAttribute('aria-label')).toMatch(/^Sin conexión; 2 cambios pendientes\./);
    await page.getByRole('button', { name: /^Sin conexión; 2 cambios pendientes/ }).waitFor();
    // Side by side in the header, neither over the other.
    const badge = (await indicator.boundingBox())!;
    const user = (await page.getByTestId('header-user').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(user.x);
    expect(user.x + user.width).toBeLessThanOrEqual(360);
  });
});
