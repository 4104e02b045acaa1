import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Client } from '../../shared/clients/types';
import { businessToday, formatDate } from '../../shared/dates';
import { defaultLoanDate } from '../../shared/loans/default-date';
import type { Loan, LoanListResponse } from '../../shared/loans/types';
import { formatMoney } from '../../shared/money';
import type { Municipality } from '../../shared/municipalities/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, horizontalOverflow, rowWith, toast, uniqueName } from './helpers/catalog';

const browser = fileBrowser();
const SAVE = 'Guardar Préstamo';

/** How long the device store may take to receive the account on a fresh browser (its first sync). */
const SYNC_WAIT = { timeout: 30_000 };

/** Signed in on /loans/new once the device store has given the form its payment methods. */
async function openForm(page: Page) {
  await page.goto('/loans/new');
  await page.getByRole('heading', { name: 'Nuevo Préstamo', level: 1 }).waitFor();
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('select[name="payment_method_id"]')?.value,
    undefined,
    SYNC_WAIT,
  );
}

async function signedInPage(width = 1280) {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  return page;
}

/** Every POST /api/save-loan the page sends. */
function countSaves(page: Page) {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/save-loan')) sent.push(req.url());
  });
  return sent;
}

async function activeMunicipalities(page: Page) {
  const res = await apiAs<{ data: Municipality[] }>(page, 'GET', 'municipalities');
  expect(res.status).toBe(200);
  return res.body.data.filter((m) => !m.delete);
}

/** A client registered through the API now: it has no loan, so no other test can have renewed it. */
async function freshClient(page: Page, over: Partial<Client> = {}) {
  const [municipality] = await activeMunicipalities(page);
  const res = await apiAs<{ id: number; data: Client }>(page, 'POST', 'clients', {
    nombre: uniqueName('Cliente Préstamo'),
    telefono: `55${String(Date.now()).slice(-8)}`,
    municipality_id: municipality!.id,
    ...over,
  });
  expect(res.status).toBe(201);
  return { client: res.body.data, municipality: municipality! };
}

/** Picks the client from the suggestions with the keyboard (arrow, Enter). */
async function pickClient(page: Page, nombre: string, telefono: string) {
  const search = page.getByRole('combobox', { name: 'Buscar cliente' });
  await search.fill(nombre);
  // The device store gets a client created a moment ago with its first sync of this page.
  const option = page.getByTestId('client-suggestion').filter({ hasText: telefono });
  await option.waitFor();
  const index = await page
    .getByTestId('client-suggestion')
    .evaluateAll((els, phone) => els.findIndex((el) => el.textContent?.includes(phone)), telefono);
  await search.press('Home');
  for (let i = 0; i < index; i++) await search.press('ArrowDown');
  expect(await search.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
  await search.press('Enter');
  await page.getByTestId('selected-client').getByText(nombre).waitFor();
}

async function fillGuarantees(page: Page, ...descriptions: string[]) {
  for (const [i, text] of descriptions.entries())
    await page.getByRole('textbox', { name: `Garantía ${i + 1}` }).fill(text);
}

const figure = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** The client's loans on the server now (newest first). */
async function loansOf(page: Page, clientId: number) {
  const res = await apiAs<LoanListResponse>(page, 'GET', `list-loans?clientId=${clientId}&limit=20`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const loanById = async (page: Page, id: number) =>
  (await apiAs<{ data: Loan }>(page, 'GET', `loans/${id}`)).body.data;

describe('nuevo préstamo: guardar', () => {
  test('cliente existente sin préstamo abierto: valores por omisión, cifras iguales a las guardadas', async () => {
    const page = await signedInPage();
    const { client, municipality } = await freshClient(page);
    const saves = countSaves(page);
    await openForm(page);
    await pickClient(page, client.nombre, client.telefono);
    await page.getByTestId('client-terms').getByText('Cliente regular: 20 % de interés, 14 pagos').waitFor();
    await page.getByTestId('no-renewal').waitFor();

    // docs/producto.md §9 defaults: SEMANAL, the last collection day of the client's municipality, its last group.
    const modalidad = page.getByLabel('Modalidad de pago');
    expect(await modalidad.locator('option:checked').textContent()).toBe('SEMANAL');
    expect(await page.getByLabel('Fecha del préstamo').inputValue()).toBe(
      defaultLoanDate(municipality.collection_day, businessToday()),
    );
    const group = await apiAs<{ data: { last_group: number } }>(
      page,
      'GET',
      `last-group?municipalityId=${municipality.id}`,
    );
    await expect
      .poll(() => page.getByLabel('Grupo').inputValue(), SYNC_WAIT)
      .toBe(String(group.body.data.last_group));

    await page.getByLabel('Monto del crédito').fill('2,500');
    await fillGuarantees(page, 'Televisión', 'Refrigerador');
    await page.getByTestId('figure-monto-con-interes').getByText('$3,000.00').waitFor();
    const shown = {
      conInteres: await figure(page, 'figure-monto-con-interes'),
      abono: await figure(page, 'figure-abono'),
      pagos: await figure(page, 'figure-pagos'),
      fin: await figure(page, 'figure-fecha-fin'),
      entregar: await figure(page, 'figure-monto-entregado'),
    };
    await page.getByRole('button', { name: SAVE }).click();
    await toast(page, 'success', 'Préstamo creado exitosamente');
    await page.waitForURL('**/loans');
    expect(saves).toHaveLength(1);

    const [saved] = await loansOf(page, client.id);
    const loan = await loanById(page, saved!.id);
    expect(shown).toEqual({
      conInteres: formatMoney(loan.monto_con_interes),
      abono: formatMoney(loan.abono),
      pagos: `${loan.total_pagos} pagos`,
      fin: formatDate(loan.fecha_fin),
      entregar: formatMoney(loan.monto_entregado),
    });
    expect(loan).toMatchObject({
      monto_credito: 2500,
      previous_loan_id: null,
      grupo: group.body.data.last_group,
      garantias: ['Televisión', 'Refrigerador'],
    });
    expect(loan.amortizacion).toHaveLength(loan.total_pagos);
    // The sync brings the new loan to the device's list, and the next visit starts empty.
    await rowWith(page, client.nombre).first().waitFor();
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((k) => k.startsWith('prestamos:nuevo-prestamo:')),
      ),
    ).toEqual([]);
    await openForm(page);
    expect(await page.getByRole('combobox', { name: 'Buscar cliente' }).inputValue()).toBe('');
  });

  test('con un cliente nuevo registrado en el mismo formulario (doble clic: un solo envío)', async () => {
    const page = await signedInPage();
    const [municipality] = await activeMunicipalities(page);
    const saves = countSaves(page);
    await openForm(page);
    const nombre = uniqueName('Clienta Nueva');
    await page.getByText('Registrar cliente nuevo').click();
    const fields = page.getByTestId('new-client-fields');
    await fields.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
    await fields.getByRole('textbox', { name: 'Teléfono' }).fill('(222) 555-0101');
    await fields.getByLabel('Municipio').selectOption(String(municipality!.id));
    await fields.getByText('Coordinadora').click();
    await page
      .getByTestId('client-terms')
      .getByText('Cliente coordinadora: 15 % de interés, 14 pagos')
      .waitFor();
    expect(await page.getByLabel('Fecha del préstamo').inputValue()).toBe(
      defaultLoanDate(municipality!.collection_day, businessToday()),
    );
    await page.getByLabel('Monto del crédito').fill('3000');
    await fillGuarantees(page, 'Estufa', 'Pagaré firmado');
    await page.getByTestId('figure-monto-con-interes').getByText('$3,450.00').waitFor();
    await page.getByRole('button', { name: SAVE }).dblclick();
    await toast(page, 'success', 'Préstamo creado exitosamente');
    await page.waitForURL('**/loans');
    expect(saves).toHaveLength(1);

    const clients = await apiAs<{ data: Client[] }>(page, 'GET', 'clients');
    const created = clients.body.data.find((c) => c.nombre === nombre)!;
    expect(created).toMatchObject({
      telefono: '(222) 555-0101',
      municipality_id: municipality!.id,
      coordinadora: true,
      empleado: false,
    });
    const [loan] = await loansOf(page, created.id);
    expect(loan).toMatchObject({
      interes: 15,
      total_pagos: 14,
      monto_con_interes: 3450,
      previous_loan_id: null,
    });
  });

  test('un cliente nuevo con el nombre de uno registrado: el aviso ofrece usar el registrado', async () => {
    const page = await signedInPage();
    const { client } = await freshClient(page);
    await openForm(page);
    await page.getByText('Registrar cliente nuevo').click();
    const fields = page.getByTestId('new-client-fields');
    await fields.getByRole('textbox', { name: 'Nombre' }).fill(`  ${client.nombre.toUpperCase()} `);
    await fields.getByRole('textbox', { name: 'Teléfono' }).fill('(222) 555-0199');
    const notice = page.getByTestId('namesake-notice');
    await notice.getByText(client.telefono, { exact: false }).waitFor(SYNC_WAIT);
    await notice
      .getByRole('button', { name: `Usar este cliente: ${client.nombre}, ${client.telefono}` })
      .click();
    await page.getByTestId('selected-client').getByText(client.nombre).waitFor();
    await page.getByTestId('client-terms').getByText('Cliente regular: 20 % de interés, 14 pagos').waitFor();

    // What was typed for the new client is still there when going back to it.
    await page.getByText('Registrar cliente nuevo').click();
    expect(await fields.getByRole('textbox', { name: 'Teléfono' }).inputValue()).toBe('(222) 555-0199');
  });

  test('renovación: saldo pendiente y monto a entregar; el anterior queda liquidado y sus pagos renovados', async () => {
    const page = await signedInPage();
    // An active loan with unpaid rows that fit the history grid's 14 columns, read from the server now.
    const list = await apiAs<LoanListResponse>(
      page,
      'GET',
      'list-loans?activos=true&vencidos=false&limit=100',
    );
    const old = [...list.body.data]
      .reverse()
      .find((l) => l.total_pagos <= 14 && l.amortizacion.some((r) => !r.pagada && !r.renovo))!;
    expect(old).toBeDefined();
    const unpaid = old.amortizacion.filter((r) => !r.pagada && !r.renovo);
    // docs/decisions/005 and 021: what is still owed, row by row (the row's own amount, which on the
    // last row carries the rounding, less any partial payment).
    const saldo = unpaid.reduce((sum, r) => sum + Math.max(0, r.monto - r.parcial), 0);
    const monto = 20000;

    await openForm(page);
    await pickClient(page, old.client_nombre, old.client_telefono);
    await page
      .getByTestId('renewal-title')
      .getByText(`Se renovará el préstamo ${old.loan_reference}`)
      .waitFor();
    await page.getByLabel('Monto del crédito').fill(String(monto));
    await fillGuarantees(page, 'Motocicleta', 'Factura de la moto');
    await page
      .getByTestId('figure-monto-entregado')
      .getByText(formatMoney(monto - saldo))
      .waitFor();
    expect(await figure(page, 'figure-saldo-pendiente')).toBe(formatMoney(saldo));
    expect(await figure(page, 'figure-saldo-pagos')).toBe(
      unpaid.length === 1 ? 'cubre 1 pago' : `cubre ${unpaid.length} pagos`,
    );
    const entregar = await figure(page, 'figure-monto-entregado');
    await page.getByRole('button', { name: SAVE }).click();
    await toast(page, 'success', 'Préstamo creado exitosamente');
    await page.waitForURL('**/loans');

    const fresh = (await loansOf(page, old.client_id)).find((l) => l.id !== old.id && !l.pagada)!;
    expect(fresh.previous_loan_id).toBe(old.id);
    expect(formatMoney(fresh.monto_entregado)).toBe(entregar);
    const settled = await loanById(page, old.id);
    expect(settled.pagada).toBe(true);
    const unpaidIds = new Set(unpaid.map((r) => r.id));
    for (const row of settled.amortizacion) expect(row.renovo).toBe(unpaidIds.has(row.id));

    // The history grid shows the old loan's unpaid payments as renewed cells.
    await page.goto(`/loans/history?municipio=${old.municipality_id}`);
    const renewedCells = page.locator(
      `[data-testid="history-row"][data-key="${old.id}"] td[data-status="renewed"]`,
    );
    await expect
      .poll(
        () => renewedCells.evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-numero')))),
        SYNC_WAIT,
      )
      .toEqual(unpaid.map((r) => r.numero_pago).sort((a, b) => a - b));
    expect(await renewedCells.first().getAttribute('title')).toMatch(/: Renovado$/);
  });
});

describe('nuevo préstamo: el préstamo anterior cambió mientras se capturaba', () => {
  test('409: el aviso de error, los valores se quedan y la vista previa pasa al préstamo abierto nuevo', async () => {
    const page = await signedInPage();
    const { client } = await freshClient(page);
    const methods = await apiAs<{ data: { id: number; modalidad_pago: string }[] }>(
      page,
      'GET',
      'payment-methods',
    );
    const semanal = methods.body.data.find((m) => m.modalidad_pago === 'SEMANAL')!;
    const saveByApi = (previous: number | null) =>
      apiAs<{ data: { loan: Loan } }>(page, 'POST', 'save-loan', {
        client_id: client.id,
        payment_method_id: semanal.id,
        monto_credito: 2000,
        fecha_inicio: businessToday(),
        garantias: ['Mesa', 'Sillas'],
        previous_loan_id: previous,
      });
    const first = await saveByApi(null);
    expect(first.status).toBe(201);

    await openForm(page);
    await pickClient(page, client.nombre, client.telefono);
    const title = page.getByTestId('renewal-title');
    await title.getByText(`Se renovará el préstamo ${first.body.data.loan.loan_reference}`).waitFor();
    await page.getByLabel('Monto del crédito').fill('5000');
    await fillGuarantees(page, 'Lavadora', 'Secadora');

    // Someone else renews that loan meanwhile (another office, another tab).
    const second = await saveByApi(first.body.data.loan.id);
    expect(second.status).toBe(201);
    await page.getByRole('button', { name: SAVE }).click();
    await toast(page, 'error', 'Error al crear el préstamo: El préstamo anterior del cliente cambió');
    await page.getByTestId('save-failure').waitFor();
    expect(await page.getByLabel('Monto del crédito').inputValue()).toBe('5000');
    await title.getByText(`Se renovará el préstamo ${second.body.data.loan.loan_reference}`).waitFor();

    await page.getByRole('button', { name: SAVE }).click();
    await toast(page, 'success', 'Préstamo creado exitosamente');
    const open = (await loansOf(page, client.id)).find((l) => !l.pagada)!;
    expect(open.previous_loan_id).toBe(second.body.data.loan.id);
  });
});

describe('nuevo préstamo: validación y conexión', () => {
  test('guardar vacío muestra el aviso y cada mensaje; el monto fuera de rango y el aval también', async () => {
    const page = await signedInPage();
    const saves = countSaves(page);
    await openForm(page);
    await page.getByLabel('Modalidad de pago').selectOption('');
    await page.getByRole('button', { name: SAVE }).click();
    await page
      .getByTestId('form-error')
      .getByText('Por favor corrija los errores en el formulario')
      .waitFor();
    for (const message of [
      'Debe seleccionar un cliente válido',
      'Debe seleccionar una modalidad de pago',
      'Debe ingresar un monto de crédito válido',
      'Debe seleccionar una fecha para el préstamo',
      'Debe ingresar al menos 2 garantías válidas',
    ])
      await page.getByTestId('field-error').getByText(message, { exact: true }).waitFor();
    expect(await page.getByTestId('field-error').getByText('Debe ingresar una descripción').count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'Buscar cliente' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    // Out of the method's range (SEMANAL: $1,000.00 to $30,000.00), and MENSUAL asks for an aval.
    const { client } = await freshClient(page);
    await page.reload();
    await page.getByLabel('Modalidad de pago').selectOption({ label: 'SEMANAL' });
    await pickClient(page, client.nombre, client.telefono);
    await fillGuarantees(page, 'Licuadora', 'Horno');
    await page.getByLabel('Monto del crédito').fill('500');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByTestId('field-error').getByText('El monto mínimo es $1,000.00').waitFor();
    await page.getByLabel('Monto del crédito').fill('40000');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByTestId('field-error').getByText('El monto máximo es $30,000.00').waitFor();
    await page.getByLabel('Modalidad de pago').selectOption({ label: 'MENSUAL' });
    await page.getByTestId('aval-section').waitFor();
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByTestId('field-error').getByText('Debe ingresar el nombre del aval').waitFor();
    await page.getByTestId('field-error').getByText('Debe ingresar el teléfono del aval').waitFor();
    await page.getByTestId('form-error').waitFor();
    expect(saves).toHaveLength(0);
  });

  test('garantías: empieza con 2, se agregan hasta 5 y se quitan hasta 2', async () => {
    const page = await signedInPage();
    await openForm(page);
    const rows = page.getByRole('textbox', { name: /^Garantía \d/ });
    expect(await rows.count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Quitar garantía/ }).count()).toBe(0);
    const add = page.getByRole('button', { name: 'Agregar garantía' });
    for (let i = 0; i < 3; i++) await add.click();
    expect(await rows.count()).toBe(5);
    expect(await add.isDisabled()).toBe(true);
    await fillGuarantees(page, 'A', 'B', 'C', 'D', 'E');
    await page.getByRole('button', { name: 'Quitar garantía 2' }).click();
    await page.getByRole('button', { name: 'Quitar garantía 1' }).click();
    await page.getByRole('button', { name: 'Quitar garantía 1' }).click();
    expect(await rows.count()).toBe(2);
    expect(await rows.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      'D',
      'E',
    ]);
    expect(await page.getByRole('button', { name: /^Quitar garantía/ }).count()).toBe(0);
  });

  test('sin conexión lo dice y conserva lo capturado (también al recargar); con señal se guarda', async () => {
    const page = await signedInPage();
    const { client } = await freshClient(page);
    const saves = countSaves(page);
    await openForm(page);
    await pickClient(page, client.nombre, client.telefono);
    await page.getByLabel('Monto del crédito').fill('1800');
    await fillGuarantees(page, 'Bicicleta', 'Celular');

    // A reload keeps the typing (the draft lives in sessionStorage).
    await page.reload();
    await page.getByTestId('selected-client').getByText(client.nombre).waitFor();
    expect(await page.getByLabel('Monto del crédito').inputValue()).toBe('1800');
    expect(await page.getByRole('textbox', { name: 'Garantía 2' }).inputValue()).toBe('Celular');

    await page.context().setOffline(true);
    const offline =
      'Sin conexión: crear un préstamo requiere internet. Lo capturado se conserva en el formulario.';
    await page.getByTestId('offline-alert').getByText(offline).waitFor();
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByTestId('offline-alert').getByText(offline).waitFor();
    expect(saves).toHaveLength(0);
    expect(page.url()).toContain('/loans/new');
    expect(await page.getByLabel('Monto del crédito').inputValue()).toBe('1800');
    expect(await page.getByRole('textbox', { name: 'Garantía 1' }).inputValue()).toBe('Bicicleta');
    await page.getByTestId('selected-client').getByText(client.nombre).waitFor();

    await page.context().setOffline(false);
    await page.getByTestId('offline-alert').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: SAVE }).click();
    await toast(page, 'success', 'Préstamo creado exitosamente');
    expect(saves).toHaveLength(1);
    const [loan] = await loansOf(page, client.id);
    expect(loan).toMatchObject({ monto_credito: 1800, garantias: ['Bicicleta', 'Celular'] });
  });
});

describe('nuevo préstamo: pantallas', () => {
  test('a 360 px: una columna, sin desbordarse, y todo lo que se toca mide al menos 44 px', async () => {
    const page = await signedInPage(360);
    await openForm(page);
    await page.getByRole('combobox', { name: 'Buscar cliente' }).fill('ma');
    await page.getByTestId('client-suggestion').first().waitFor();
    expect(await page.getByTestId('client-suggestion').count()).toBeLessThanOrEqual(5);
    const heights = [
      ...(await page
        .getByTestId('client-suggestion')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))),
      ...(await page
        .locator(
          'main button, main input:not([type="checkbox"]), main select, main label:has(input[type="checkbox"])',
        )
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => e.getBoundingClientRect().height),
        )),
    ];
    expect(heights.length).toBeGreaterThan(8);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
    expect(await horizontalOverflow(page)).toBe(0);
    const form = (await page.getByTestId('client-section').boundingBox())!;
    const panel = (await page.getByTestId('figures-panel').boundingBox())!;
    expect(panel.y).toBeGreaterThan(form.y + form.height);
  });

  test('a 1280 px: el formulario y, a su lado, el panel del cálculo', async () => {
    const page = await signedInPage(1280);
    await openForm(page);
    const form = (await page.getByTestId('client-section').boundingBox())!;
    const panel = (await page.getByTestId('figures-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(form.x + form.width);
    expect(Math.abs(panel.y - form.y)).toBeLessThan(2);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('"Nuevo Préstamo" en la lista de préstamos lleva al formulario', async () => {
    const page = await signedInPage();
    await page.goto('/loans');
    await page.getByRole('link', { name: 'Nuevo Préstamo' }).click();
    await page.waitForURL('**/loans/new');
    await page.getByRole('heading', { name: 'Nuevo Préstamo', level: 1 }).waitFor();
  });
});
