import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Amortization, Loan, LoanListResponse } from '../../shared/loans/types';
import { formatMoney } from '../../shared/money';
import { fileBrowser, signIn } from './helpers/browser';
import { animationsDone, apiAs, dialogNamed, horizontalOverflow, toast } from './helpers/catalog';
import { deviceLoanIds } from './helpers/loans';

const browser = fileBrowser();
const ROWS = '[data-testid="data-row"], [data-testid="data-card"]';
const DETAIL = 'Detalles del Préstamo';

/** Signed in, on `path`, once the device store has given the list its first row. */
async function openLoans(width = 1280, path = '/loans') {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  await page.goto(path);
  await page.getByRole('heading', { name: 'Préstamos', level: 1 }).waitFor();
  await page.locator(ROWS).first().waitFor();
  return page;
}

/** Loans in the signed-in user's IndexedDB store (all, or of one municipality through its index). */
const deviceCount = async (page: Page, municipalityId?: number) =>
  (await deviceLoanIds(page, municipalityId)).length;

/** The distinct statuses on the page ([] when no row matches). */
const statuses = async (page: Page) => [...new Set(await page.getByTestId('loan-status').allTextContents())];

const countLine = async (page: Page) => ((await page.getByTestId('loan-count').textContent()) ?? '').trim();

async function openFilters(page: Page) {
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await page.getByLabel('Municipio', { exact: true }).waitFor();
}

/** Active loans (neither paid nor overdue) and a row of each chosen by `pick`, read from the server now. */
async function loanWithRow(page: Page, pick: (row: Amortization, loan: Loan) => boolean) {
  const list = await apiAs<LoanListResponse>(page, 'GET', 'list-loans?activos=true&vencidos=false&limit=100');
  expect(list.status).toBe(200);
  for (const loan of list.body.data) {
    const row = [...loan.amortizacion]
      .sort((a, b) => a.numero_pago - b.numero_pago)
      .find((r) => pick(r, loan));
    if (row) return { loan, row };
  }
  throw new Error('no hay un préstamo con una fila así en los datos de demostración');
}

/** The next unpaid row (no partial amount) of an active loan. */
const nextUnpaid = (page: Page) =>
  loanWithRow(page, (r, loan) => {
    const rows = [...loan.amortizacion].sort((a, b) => a.numero_pago - b.numero_pago);
    const first = rows.find((x) => !x.pagada && !x.renovo);
    return first?.id === r.id && r.parcial === 0;
  });

const serverRow = async (page: Page, loanId: number, numero: number) => {
  const res = await apiAs<{ data: Loan }>(page, 'GET', `loans/${loanId}`);
  return res.body.data.amortizacion.find((r) => r.numero_pago === numero);
};

const paymentRow = (page: Page, numero: number): Locator =>
  dialogNamed(page, DETAIL).locator(`[data-testid="payment-row"][data-numero="${numero}"]`);

describe('préstamos: lista', () => {
  test('"Mostrando X de Y préstamos" cuenta los préstamos del dispositivo, 10 por página', async () => {
    const page = await openLoans();
    await expect
      .poll(async () => {
        const n = await deviceCount(page);
        return (await countLine(page)) === `Mostrando ${n} de ${n} préstamos`;
      })
      .toBe(true);
    const total = await deviceCount(page);
    expect(total).toBeGreaterThan(10);
    const headers = await page.locator('thead th').allTextContents();
    expect(headers.slice(0, 9)).toEqual([
      'Municipio',
      'Grupo',
      'Fecha Inicio',
      'Cliente',
      'Número de pago',
      'Monto crédito',
      'Monto con Interés',
      'Abono',
      'Estado',
    ]);
    expect(await page.getByTestId('data-row').count()).toBe(10);
    expect(await page.getByTestId('pagination-text').textContent()).toBe(
      `Mostrando 1 a 10 de ${total} resultados`,
    );
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByTestId('pagination-text').getByText(`Mostrando 11 a 20 de ${total} resultados`).waitFor();
    expect(page.url()).toContain('page=2');
  });

  test('filtrar por municipio y estado; la URL los conserva; Limpiar Filtros vuelve a la página 1', async () => {
    const page = await openLoans();
    const town = ((await page.locator('[data-column="municipio"]').first().textContent()) ?? '').trim();
    await openFilters(page);
    await page.getByLabel('Municipio', { exact: true }).selectOption({ label: town });
    await page.getByTestId('filters-active').waitFor();
    const municipalityId = Number(await page.getByLabel('Municipio', { exact: true }).inputValue());
    const total = await deviceCount(page);
    const inTown = await deviceCount(page, municipalityId);
    await page.getByTestId('loan-count').getByText(`Mostrando ${inTown} de ${total} préstamos`).waitFor();
    for (const cell of await page.locator('[data-column="municipio"]').allTextContents())
      expect(cell).toBe(town);

    // A reload keeps the filters (they live in the URL).
    await page.reload();
    await page.locator(ROWS).first().waitFor();
    await page.getByTestId('filters-active').waitFor();
    expect(await page.getByLabel('Municipio', { exact: true }).inputValue()).toBe(String(municipalityId));

    // The URL changes first; the list follows on the next render.
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Activos' });
    await page.waitForURL(/status=active/);
    await expect.poll(async () => (await statuses(page)).filter((s) => s !== 'Activo')).toEqual([]);
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Vencidos' });
    await page.waitForURL(/status=overdue/);
    await expect.poll(async () => (await statuses(page)).filter((s) => s !== 'Vencido')).toEqual([]);

    // Page 2 of every active loan, then 'Limpiar Filtros': no filters, page 1, every loan of the device.
    await page.getByLabel('Municipio', { exact: true }).selectOption({ label: 'Todos los municipios' });
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Activos' });
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await page.getByTestId('filters-active').waitFor({ state: 'detached' });
    await page.getByTestId('pagination-text').getByText(`Mostrando 1 a 10 de ${total} resultados`).waitFor();
    expect(await countLine(page)).toBe(`Mostrando ${total} de ${total} préstamos`);
    expect(new URL(page.url()).search).toBe('');
  });

  test('el nombre del cliente se busca sin acentos ni mayúsculas', async () => {
    const page = await openLoans();
    const name = ((await page.locator('[data-column="cliente"]').first().textContent()) ?? '')
      .replace('Coordinadora', '')
      .trim();
    const folded = name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    await openFilters(page);
    await page.getByLabel('Cliente', { exact: true }).fill(`  ${folded}  `);
    await page.getByTestId('filters-active').waitFor();
    await page.waitForURL(/clientName=/);
    // The address changes before React renders the filtered rows: wait for the rows, not the URL.
    await expect
      .poll(async () => {
        const cells = await page.locator('[data-column="cliente"]').allTextContents();
        return cells.length > 0 && cells.every((cell) => cell.includes(name));
      })
      .toBe(true);
  });

  test('Generar Hoja de Cobro sin municipio pide elegir uno', async () => {
    const page = await openLoans();
    await page.getByRole('button', { name: 'Generar Hoja de Cobro' }).click();
    await page
      .getByRole('alert')
      .getByText('Para generar la hoja de cobro seleccione un municipio en los filtros.')
      .waitFor();
  });

  test('Buscar en el servidor muestra la paginación del servidor; sin conexión, el aviso', async () => {
    const page = await openLoans();
    const server = await apiAs<LoanListResponse>(page, 'GET', 'list-loans?limit=1');
    await page.getByRole('button', { name: 'Buscar en el servidor' }).click();
    await page.waitForURL(/source=server/);
    await page
      .getByTestId('pagination-text')
      .getByText(`Mostrando 1 a 10 de ${server.body.pagination.total_items} resultados`)
      .waitFor();
    await page.context().setOffline(true);
    await page
      .getByText('Sin conexión: se muestran solo los préstamos guardados en este dispositivo')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Buscar en el servidor' }).count()).toBe(0);
    await page.context().setOffline(false);
  });
});

describe('préstamos: detalle y pagos', () => {
  test('Detalles muestra cliente, préstamo, fechas, resumen e historial; la URL lo mantiene abierto', async () => {
    const page = await openLoans();
    const first = page.getByTestId('data-row').first();
    const name = ((await first.locator('[data-column="cliente"]').textContent()) ?? '').replace(
      'Coordinadora',
      '',
    );
    const loanId = Number(await first.getAttribute('data-key'));
    await first.getByRole('button', { name: 'Detalles' }).click();
    const dialog = dialogNamed(page, DETAIL);
    await dialog.getByTestId('detail-client').getByText(name.trim()).waitFor();
    await page.waitForURL(new RegExp(`loan=${loanId}`));

    const api = (await apiAs<{ data: Loan }>(page, 'GET', `loans/${loanId}`)).body.data;
    expect(await dialog.getByTestId('detail-reference').textContent()).toBe(api.loan_reference);
    expect(await dialog.getByTestId('detail-abono').textContent()).toBe(formatMoney(api.abono));
    for (const label of [
      'Cliente',
      'Préstamo',
      'Fechas',
      'Garantías',
      'Estado del préstamo',
      'Historial de pagos',
      'Pagos recibidos',
    ])
      await dialog.getByRole('heading', { name: label, exact: true }).waitFor();
    for (const label of ['Teléfono', 'Monto entregado', 'Modalidad de pago', 'Fecha de fin', 'Tiene aval'])
      await dialog.getByText(label, { exact: true }).waitFor();
    expect(await dialog.getByTestId('summary-total').textContent()).toBe(String(api.amortizacion.length));
    expect(await dialog.locator('[data-testid="payment-row"]').count()).toBe(api.amortizacion.length);
    const headers = await dialog
      .getByRole('table', { name: 'Historial de pagos' })
      .locator('thead th')
      .allTextContents();
    expect(headers).toEqual([
      'Pago #',
      'Fecha de pago',
      'Estado',
      'Monto pagado',
      'Fecha Pagada',
      'Renovación',
      'Abono Esperado',
      'Acciones',
    ]);

    await page.reload();
    await dialogNamed(page, DETAIL).getByTestId('detail-reference').getByText(api.loan_reference).waitFor();
    await dialogNamed(page, DETAIL).getByText('Cerrar', { exact: true }).click();
    await dialogNamed(page, DETAIL).waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('loan=');
  });

  test('marcar pagado el siguiente pago: aviso, fila Pagado sin Editar, y el servidor lo recibe', async () => {
    const page = await openLoans();
    const { loan, row } = await nextUnpaid(page);
    await page.goto(`/loans?loan=${loan.id}`);
    const target = paymentRow(page, row.numero_pago);
    await target.getByRole('button', { name: `Editar pago ${row.numero_pago}` }).click();
    await target.getByText('Pagado', { exact: true }).click();
    await target.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Amortización actualizada exitosamente');
    await target.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    expect(await target.getByRole('button', { name: /Editar/ }).count()).toBe(0);
    await expect
      .poll(async () => (await serverRow(page, loan.id, row.numero_pago))?.pagada, { timeout: 20_000 })
      .toBe(true);
    await target.getByTestId('row-pending-sync').waitFor({ state: 'detached' });
  });

  test('sin conexión el pago se guarda en el dispositivo y se envía al volver la conexión', async () => {
    const page = await openLoans();
    const { loan, row } = await nextUnpaid(page);
    await page.goto(`/loans?loan=${loan.id}`);
    const target = paymentRow(page, row.numero_pago);
    const edit = target.getByRole('button', { name: `Editar pago ${row.numero_pago}` });
    await edit.waitFor();
    await page.context().setOffline(true);
    await edit.click();
    await target.getByText('Pagado', { exact: true }).click();
    await target.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Guardado en el teléfono; se enviará al volver la señal');
    await target.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    await target.getByTestId('row-pending-sync').getByText('Pendiente de sincronizar').waitFor();
    expect((await serverRow(page, loan.id, row.numero_pago))?.pagada).toBe(false);
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await serverRow(page, loan.id, row.numero_pago))?.pagada, { timeout: 20_000 })
      .toBe(true);
    await target.getByTestId('row-pending-sync').waitFor({ state: 'detached' });
  });

  test('en teléfono, "Registrar abono" de la tarjeta abre el pago siguiente y la tarjeta cuenta el nuevo pagado', async () => {
    const page = await openLoans(360);
    const { loan, row } = await nextUnpaid(page);
    const paidBefore = loan.amortizacion.filter((r) => r.pagada).length;
    await page.goto(`/loans?clientName=${encodeURIComponent(loan.client_nombre)}`);
    const card = page.locator(ROWS).filter({ hasText: loan.client_nombre }).first();
    const paidText = (n: number) => (n === 1 ? '1 pagado' : `${n} pagados`);
    await card.getByTestId('loan-pagados').getByText(paidText(paidBefore), { exact: true }).waitFor();
    await card.getByRole('button', { name: `Registrar abono de ${loan.client_nombre}` }).click();
    const target = paymentRow(page, row.numero_pago);
    await target.getByText('Pagado', { exact: true }).click();
    await target.getByRole('button', { name: 'Guardar' }).click();
    await target.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    // On a phone the toast sits over the dialog's footer (and a pointer resting on it keeps it open):
    // the user dismisses it first, as they would to reach 'Cerrar'.
    await page.getByTestId('toast-success').getByRole('button', { name: 'Cerrar' }).click();
    await dialogNamed(page, DETAIL).getByText('Cerrar', { exact: true }).click();
    await card
      .getByTestId('loan-pagados')
      .getByText(paidText(paidBefore + 1), { exact: true })
      .waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await expect
      .poll(async () => (await serverRow(page, loan.id, row.numero_pago))?.pagada, { timeout: 20_000 })
      .toBe(true);
  });

  test('un monto parcial: el esquema compartido rechaza un negativo; el válido queda como Parcial', async () => {
    const page = await openLoans();
    const { loan, row } = await loanWithRow(
      page,
      (r, l) => !r.pagada && !r.renovo && r.parcial === 0 && l.abono > 100,
    );
    await page.goto(`/loans?loan=${loan.id}`);
    const target = paymentRow(page, row.numero_pago);
    await target.getByRole('button', { name: `Editar pago ${row.numero_pago}` }).click();
    await target.getByLabel('Monto pagado').fill('-5');
    await target.getByRole('button', { name: 'Guardar' }).click();
    await target
      .getByTestId('row-edit-error')
      .getByText('El monto debe ser un número mayor o igual a 0')
      .waitFor();
    await target.getByLabel('Monto pagado').fill('100');
    await target.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Amortización actualizada exitosamente');
    await target.getByTestId('row-status').getByText('Parcial $100.00').waitFor();
    await expect
      .poll(async () => (await serverRow(page, loan.id, row.numero_pago))?.parcial, { timeout: 20_000 })
      .toBe(100);
  });

  test('una fila ya pagada no tiene Editar', async () => {
    const page = await openLoans();
    const { loan, row } = await loanWithRow(page, (r) => r.pagada && !r.renovo);
    await page.goto(`/loans?loan=${loan.id}`);
    const target = paymentRow(page, row.numero_pago);
    await target.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    // The unpaid rows of the same loan do have it: the device's copy is there, not the server's read-only one.
    await dialogNamed(page, DETAIL)
      .getByRole('button', { name: /^Editar pago/ })
      .first()
      .waitFor();
    expect(await target.getByRole('button', { name: /Editar/ }).count()).toBe(0);
  });

  test('a 360 px: tarjetas, sin desbordamiento, modal a pantalla completa y botones de 44 px', async () => {
    const page = await openLoans(360);
    expect(await page.getByTestId('loans-table').getAttribute('data-layout')).toBe('cards');
    expect(await horizontalOverflow(page)).toBe(0);
    const { loan, row } = await nextUnpaid(page);
    await page.goto(`/loans?loan=${loan.id}`);
    const dialog = dialogNamed(page, DETAIL);
    const edit = paymentRow(page, row.numero_pago).getByRole('button', {
      name: `Editar pago ${row.numero_pago}`,
    });
    await edit.waitFor();
    await animationsDone(page);
    const box = await dialog.boundingBox();
    expect(box!.x).toBe(0);
    expect(box!.width).toBe(360);
    expect(await horizontalOverflow(page)).toBe(0);
    expect((await paymentRow(page, row.numero_pago).evaluate((el) => el.tagName)).toLowerCase()).toBe('li');
    await edit.scrollIntoViewIfNeeded();
    expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await edit.click();
    const save = paymentRow(page, row.numero_pago).getByRole('button', { name: 'Guardar' });
    await save.scrollIntoViewIfNeeded();
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await horizontalOverflow(page)).toBe(0);
    await paymentRow(page, row.numero_pago).getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor();
  });
});
