// Located visits and payments (decision 029) on a 360 px phone, with the browser's own geolocation permission and
// position overrides: granted, denied, and slow (granted with no position yet). Each tap paints its card at once,
// with or without signal, and the server holds the position, or why there is none, exactly once; the office sees
// the distance to the client's door and a map link. Its own account, so turning the setting on touches no other
// file's collector.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { osmUrl } from '../../shared/location/distance';
import type { ClientPlace, PlaceView } from '../../shared/location/types';
import type { LedgerEntry } from '../../shared/payments/types';
import type { Visit } from '../../shared/visits/types';
import { baseUrl, fileBrowser, signIn } from './helpers/browser';
import { horizontalOverflow, toast } from './helpers/catalog';
import { syncIndicator } from './helpers/loans';
import { call, tokenOf } from './helpers/route';

const browser = fileBrowser();
const PASSWORD = 'ubicacion123';
/** A client's door in Atlixco, and the sidewalk across the street (~40 m north). */
const DOOR = { latitude: 18.9062, longitude: -98.4351, accuracy: 8 };
const ACROSS = { latitude: 18.90656, longitude: -98.4351, accuracy: 15 };

async function login(email: string) {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A new account (made by the demo's installation administrator) with its ADMINISTRADOR and COBRADOR, a Monday
 * town whose loans are due this week, and 'Registrar ubicación' turned on by its own administrator.
 */
async function locatedAccount(clients: number) {
  const root = await tokenOf('admin@demo.mx');
  const tag = crypto.randomUUID().slice(0, 6).toUpperCase();
  const account = await call<{ data: { id: number } }>(root, 'POST', 'accounts', {
    name: `Ubicación ${tag}`,
  });
  expect(account.status).toBe(201);
  const roles = await call<{ data: { id: number; role_name: string }[] }>(
    root,
    'GET',
    `list-roles?accountId=${account.body.data.id}`,
  );
  const role = (name: string) => roles.body.data.find((r) => r.role_name === name)!.id;
  const user = async (name: string, roleName: string) => {
    const email = `${name.toLowerCase()}-${tag.toLowerCase()}@ubicacion.mx`;
    const made = await call(root, 'POST', 'register-user', {
      name: `${name} ${tag}`,
      email,
      password: PASSWORD,
      account_id: account.body.data.id,
      role_id: role(roleName),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return email;
  };
  const adminEmail = await user('Admin', 'ADMINISTRADOR');
  const collectorEmail = await user('Cobrador', 'COBRADOR');
  const admin = await login(adminEmail);
  const town = await call<{ data: { id: number } }>(admin, 'POST', 'municipalities', {
    name: `Atlixco ${tag}`,
    collection_day: 'LUNES',
  });
  expect(town.status).toBe(201);
  const methods = await call<{ data: { id: number; modalidad_pago: string; monto_minimo: number }[] }>(
    admin,
    'GET',
    'payment-methods',
  );
  const weekly = methods.body.data.find((m) => m.modalidad_pago === 'SEMANAL')!;
  const started = new Date(Date.now() - 7 * 86_400_000 - 6 * 3600_000).toISOString().slice(0, 10);
  for (let k = 1; k <= clients; k++) {
    const saved = await call(admin, 'POST', 'save-loan', {
      new_client: {
        nombre: `Cliente ${k} ${tag}`,
        telefono: `55987654${String(k).padStart(2, '0')}`,
        municipality_id: town.body.data.id,
        coordinadora: false,
        empleado: false,
      },
      payment_method_id: weekly.id,
      monto_credito: weekly.monto_minimo,
      fecha_inicio: started,
      garantias: ['Televisión', 'Refrigerador'],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  }
  const on = await call(admin, 'PUT', 'account-settings', { registrar_ubicacion: true });
  expect(on.status).toBe(200);
  return { admin, adminEmail, collectorEmail };
}

type Account = Awaited<ReturnType<typeof locatedAccount>>;

/** The account's one collector on a fresh phone (its own storage and device id), in Cobranza and synced. */
async function collectorPhone(account: Account, options: BrowserContextOptions) {
  const page = await browser.newPage(360, 780, { isMobile: true, hasTouch: true, ...options });
  await signIn(page, account.collectorEmail, PASSWORD, '/cobranza');
  await syncIndicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });
  await page.getByTestId('cobranza-card').first().waitFor();
  return page;
}

const card = (page: Page, loanId: number) =>
  page.locator(`[data-testid="cobranza-card"][data-loan-id="${loanId}"]`);
const pendingLoan = async (page: Page, skip = 0) =>
  Number(
    await page
      .locator('[data-testid="cobranza-card"][data-state="pendiente"]')
      .nth(skip)
      .getAttribute('data-loan-id'),
  );
const status = (page: Page) => page.getByTestId('ubicacion-estado');

/** 'No pagó''s dialog, saved with `reason`: it closes once saved (a refusal keeps it open). */
async function recordVisit(page: Page, reason: string) {
  const dialog = page.getByTestId('visit-dialog');
  await dialog.getByText(reason).click();
  await expect.poll(() => dialog.getByRole('radio', { name: reason }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Guardar visita' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function readTheReason(page: Page) {
  const notice = page.getByTestId('ubicacion-aviso');
  await notice.getByText('Solo la oficina lo ve').waitFor();
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await notice.waitFor({ state: 'hidden' });
}

/** The loan's payments and visits as the office reads them, once the phone's entries have arrived. */
async function onServer(account: Account, loanId: number, expected: { pagos: number; visitas: number }) {
  let ledger: { data: LedgerEntry[]; lugar_cliente?: ClientPlace | null } | null = null;
  let visits: Visit[] = [];
  await expect
    .poll(
      async () => {
        ledger = (await call<typeof ledger>(account.admin, 'GET', `loans/${loanId}/payments`)).body;
        visits = (await call<{ data: Visit[] }>(account.admin, 'GET', `loans/${loanId}/visits`)).body.data;
        return [ledger!.data.filter((e) => e.kind === 'pago').length, visits.length];
      },
      { timeout: 30_000 },
    )
    .toEqual([expected.pagos, expected.visitas]);
  const payments = ledger!.data.filter((e) => e.kind === 'pago');
  return { payments, visits, place: ledger!.lugar_cliente, ubicaciones: payments.map((p) => p.ubicacion) };
}

const at = (p: { latitude: number; longitude: number; accuracy: number }) => ({
  lat: p.latitude,
  lon: p.longitude,
  precision: p.accuracy,
});

describe('ubicación de visitas y pagos', () => {
  test('con permiso: el domicilio se guarda en la puerta y, sin señal, cada toque lleva dónde se hizo', async () => {
    const account = await locatedAccount(4);
    const page = await collectorPhone(account, { permissions: ['geolocation'], geolocation: DOOR });
    await readTheReason(page);
    await status(page).getByText('Ubicación lista (± 8 m)').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);

    // At the first client's door: 'Guardar ubicación'.
    const [paid, visited, partial] = [
      await pendingLoan(page),
      await pendingLoan(page, 1),
      await pendingLoan(page, 2),
    ];
    await card(page, paid).getByTestId('cobranza-guardar-ubicacion').click();
    await page.getByText(/^Ubicación de Cliente \d+ [0-9A-F]{6} guardada/).waitFor();

    // Across the street, with no signal: 'Pagó', 'No pagó' and 'Otro monto' paint at once.
    await page.context().setGeolocation(ACROSS);
    await status(page).getByText('Ubicación lista (± 15 m)').waitFor();
    await page.context().setOffline(true);
    await card(page, paid).getByTestId('cobranza-pago').click();
    await expect.poll(() => card(page, paid).getAttribute('data-state')).toBe('pagado');
    await card(page, visited).getByRole('button', { name: 'No pagó' }).click();
    await recordVisit(page, 'No estaba');
    await expect.poll(() => card(page, visited).getAttribute('data-state')).toBe('visitado');
    await card(page, partial).getByRole('button', { name: 'Otro monto' }).click();
    const other = page.getByTestId('other-amount-dialog');
    await other.getByLabel('Monto recibido').fill('50');
    await other.getByRole('button', { name: 'Registrar pago' }).click();
    await expect.poll(() => card(page, partial).getAttribute('data-state')).toBe('parcial');

    await page.context().setOffline(false);
    const across = at(ACROSS);
    const first = await onServer(account, paid, { pagos: 1, visitas: 0 });
    expect(first.place).toMatchObject(at(DOOR));
    expect(first.ubicaciones).toEqual([{ ...across, tomada: expect.any(String), distancia: 40 }]);
    const second = await onServer(account, visited, { pagos: 0, visitas: 1 });
    // That client has no saved door: the position, with no distance.
    expect(second.visits.map((v) => v.ubicacion)).toEqual([
      { ...across, tomada: expect.any(String), distancia: null },
    ]);
    const third = await onServer(account, partial, { pagos: 1, visitas: 0 });
    expect(third.ubicaciones).toMatchObject([across]);

    // The office: the distance to the door and the map, on the loan's history and its visits list.
    const office = await browser.newPage(1280, 900);
    await signIn(office, account.adminEmail, PASSWORD);
    await office.goto(`/loans?loan=${paid}`);
    const received = office.getByTestId('payments-received');
    await received.getByText('a 40 m del cliente').waitFor();
    expect(await received.getByTestId('ubicacion').getByTestId('ubicacion-mapa').getAttribute('href')).toBe(
      osmUrl({ lat: ACROSS.latitude, lon: ACROSS.longitude }),
    );
    await received.getByTestId('lugar-cliente').getByText('Ubicación del cliente:').waitFor();
    await office.goto(`/loans?loan=${visited}`);
    await office.getByTestId('loan-visits').getByText('el cliente no tiene ubicación guardada').waitFor();

    // The collector's own loan detail shows no location at all.
    await page.goto(`/loans?loan=${paid}`);
    await page.getByTestId('payments-received').getByTestId('received-payment').first().waitFor();
    expect(await page.getByTestId('ubicacion').count()).toBe(0);
    expect(await page.getByTestId('lugar-cliente').count()).toBe(0);
  });

  test('sin permiso: el cobro se guarda igual, «sin ubicación», y «Guardar ubicación» lo explica', async () => {
    const account = await locatedAccount(2);
    // No grant: the browser refuses the question, as a collector who tapped 'Bloquear' would.
    const page = await collectorPhone(account, {});
    await readTheReason(page);
    await status(page).getByText('Sin permiso de ubicación: los cobros se guardan sin ubicación').waitFor();
    const loanId = await pendingLoan(page);
    await card(page, loanId).getByTestId('cobranza-pago').click();
    await expect.poll(() => card(page, loanId).getAttribute('data-state')).toBe('pagado');
    await card(page, loanId).getByTestId('cobranza-guardar-ubicacion').click();
    await toast(page, 'error', 'No se guardó la ubicación: el teléfono no dio permiso');

    const server = await onServer(account, loanId, { pagos: 1, visitas: 0 });
    expect(server.ubicaciones).toEqual([{ sin: 'denegada' } satisfies PlaceView]);
    expect(server.place).toBeNull();
  });

  test('posición lenta: el toque no la espera («sin ubicación») y la siguiente la lleva en cuanto llega', async () => {
    const account = await locatedAccount(2);
    // Allowed, but the phone has no position yet (no override set).
    const page = await collectorPhone(account, { permissions: ['geolocation'] });
    await readTheReason(page);
    await expect.poll(() => status(page).getAttribute('data-estado')).not.toBe('lista');
    const early = await pendingLoan(page);
    const late = await pendingLoan(page, 1);
    await card(page, early).getByTestId('cobranza-pago').click();
    await expect.poll(() => card(page, early).getAttribute('data-state')).toBe('pagado');

    await page.context().setGeolocation(DOOR);
    await status(page).getByText('Ubicación lista (± 8 m)').waitFor();
    await card(page, late).getByRole('button', { name: 'No pagó' }).click();
    await recordVisit(page, 'Sin dinero');
    await expect.poll(() => card(page, late).getAttribute('data-state')).toBe('visitado');

    expect((await onServer(account, early, { pagos: 1, visitas: 0 })).ubicaciones).toEqual([
      { sin: 'no_disponible' },
    ]);
    expect((await onServer(account, late, { pagos: 0, visitas: 1 })).visits[0]!.ubicacion).toMatchObject(
      at(DOOR),
    );
  });
});
