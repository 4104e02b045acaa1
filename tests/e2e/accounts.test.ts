import { readFileSync } from 'node:fs';
import XLSX from 'sheetjs-style';
import { describe, expect, test } from 'vitest';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, dialogNamed, horizontalOverflow, rowWith, toast, uniqueName } from './helpers/catalog';

const browser = fileBrowser();

async function openAccounts(width = 1280) {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  await page.goto('/accounts');
  await page.getByRole('heading', { name: 'Cuentas', level: 1 }).waitFor();
  await rowWith(page, 'Créditos del Valle').waitFor();
  return page;
}

describe('cuentas', () => {
  test('crear, ver, editar y eliminar una cuenta', async () => {
    const page = await openAccounts();
    const name = uniqueName('Cuenta E2E');
    await page.getByRole('button', { name: 'Nueva Cuenta' }).click();
    const dialog = dialogNamed(page, 'Nueva Cuenta');
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Cuenta creada exitosamente');
    await dialog.waitFor({ state: 'hidden' });
    const row = rowWith(page, name);
    await row.waitFor();
    expect(await row.locator('[data-column="created_at"]').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const renamed = `${name} Editada`;
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = dialogNamed(page, 'Editar Cuenta');
    expect(await edit.getByLabel('Nombre').inputValue()).toBe(name);
    await edit.getByLabel('Nombre').fill(renamed);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Cuenta actualizada exitosamente');
    await rowWith(page, renamed).waitFor();

    await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar Cuenta' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await toast(page, 'success', 'Cuenta eliminada exitosamente');
    await rowWith(page, renamed).waitFor({ state: 'detached' });
  });

  test('nombre requerido y nombre duplicado bajo el campo', async () => {
    const page = await openAccounts();
    await page.getByRole('button', { name: 'Nueva Cuenta' }).click();
    const dialog = dialogNamed(page, 'Nueva Cuenta');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    await dialog.getByLabel('Nombre').fill('Créditos del Valle');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Ya existe una cuenta con ese nombre').waitFor();
    await toast(page, 'error', 'Error al guardar la cuenta: Ya existe una cuenta con ese nombre');
  });

  test('una cuenta con usuarios no se elimina: el motivo del 409 llega en el toast', async () => {
    const page = await openAccounts();
    // One's own account offers no 'Eliminar' (the server refuses it too).
    expect(await page.getByRole('button', { name: 'Eliminar Préstamos La Esperanza' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Eliminar Créditos del Valle' }).click();
    await page
      .getByRole('alertdialog', { name: 'Eliminar Cuenta' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await toast(
      page,
      'error',
      'Error al eliminar la cuenta: No se puede eliminar la cuenta porque tiene usuarios o datos registrados',
    );
    expect(await rowWith(page, 'Créditos del Valle').count()).toBe(1);
  });

  test('sin conexión el modal lo dice y conserva el nombre', async () => {
    const page = await openAccounts();
    const name = uniqueName('Cuenta Offline');
    await page.getByRole('button', { name: 'Nueva Cuenta' }).click();
    const dialog = dialogNamed(page, 'Nueva Cuenta');
    await dialog.getByLabel('Nombre').fill(name);
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Sin conexión: esta acción requiere internet').waitFor();
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe(name);
    await page.context().setOffline(false);
  });

  test('exportar los datos de una cuenta descarga un .xlsx con su Resumen; sin conexión no se puede', async () => {
    const page = await openAccounts();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar (.xlsx) Préstamos La Esperanza' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^prestamos-prestamos-la-esperanza-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
    expect(book.SheetNames.slice(0, 4)).toEqual(['Resumen', 'Clientes', 'Préstamos', 'Calendario']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.Préstamos!).length).toBeGreaterThan(0);

    await page.context().setOffline(true);
    const json = page.getByRole('button', { name: 'Exportar (.json) Préstamos La Esperanza' });
    expect(await json.isDisabled()).toBe(true);
    expect(await json.getAttribute('title')).toBe('Sin conexión: la exportación necesita el servidor');
    await page.context().setOffline(false);
    expect(await json.isDisabled()).toBe(false);
  });

  test('en un teléfono de 360 px la tabla se vuelve tarjetas', async () => {
    const page = await openAccounts(360);
    expect(await page.getByTestId('accounts-table').getAttribute('data-layout')).toBe('cards');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('un ADMINISTRADOR sin CUENTAS_GESTIONAR no ve Cuentas y la API le responde 403', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin@otra.mx');
    await page.getByTestId('nav-/users').waitFor();
    expect(await page.getByTestId('nav-/accounts').count()).toBe(0);
    await page.goto('/accounts');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    expect((await apiAs(page, 'GET', 'accounts')).status).toBe(403);
    expect((await apiAs(page, 'POST', 'accounts', { name: uniqueName('Intrusa') })).status).toBe(403);
  });
});
