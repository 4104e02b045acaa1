import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Role } from '../../shared/roles/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, dialogNamed, horizontalOverflow, toast, uniqueName } from './helpers/catalog';

const browser = fileBrowser();

async function openRoles(width = 1280) {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  await page.goto('/roles');
  await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
  await page.getByTestId('role-card-ADMINISTRADOR').waitFor();
  return page;
}

const option = (page: Page, permission: string) => page.getByTestId(`permission-option-${permission}`);
const checkbox = (page: Page, permission: string) => option(page, permission).locator('input');
const count = (page: Page) => page.getByTestId('selected-permissions-count');

describe('roles', () => {
  test('crear un rol: nombre en mayúsculas, chips con conteo y su tarjeta con las descripciones', async () => {
    const page = await openRoles();
    const typed = uniqueName('supervisor e2e');
    const name = typed.toUpperCase();
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const dialog = dialogNamed(page, 'Nuevo Rol');
    await dialog.getByLabel('Nombre del Rol').pressSequentially(typed);
    expect(await dialog.getByLabel('Nombre del Rol').inputValue()).toBe(name);
    // The checklist shows each permission's description from list-permissions.
    await option(page, 'CLIENTES_GESTIONAR').getByText('Crear, editar y eliminar clientes').waitFor();
    expect(await count(page).textContent()).toBe('0 permisos seleccionados');

    await option(page, 'CLIENTES_GESTIONAR').click();
    await option(page, 'REPORTES_VER').click();
    expect(await count(page).textContent()).toBe('2 permisos seleccionados');
    await dialog.getByTestId('chip-REPORTES_VER').waitFor();
    await dialog.getByRole('button', { name: 'Quitar REPORTES_VER' }).click();
    expect(await count(page).textContent()).toBe('1 permiso seleccionado');
    expect(await checkbox(page, 'REPORTES_VER').isChecked()).toBe(false);
    expect(await checkbox(page, 'CLIENTES_GESTIONAR').isChecked()).toBe(true);
    await option(page, 'HOJAS_VER').click();
    expect(await count(page).textContent()).toBe('2 permisos seleccionados');

    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Rol creado exitosamente');
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId(`role-card-${name}`);
    await card.waitFor();
    expect(await card.getByTestId('role-permission').allTextContents()).toEqual([
      'HOJAS_VERVer hojas semanales de cobro y sus préstamos',
      'CLIENTES_GESTIONARCrear, editar y eliminar clientes',
    ]);
    expect(await card.getByText('2 permisos').count()).toBe(1);
    // docs/producto.md §2: roles have no edit or delete.
    expect(await page.getByRole('button', { name: /^(Editar|Eliminar)/ }).count()).toBe(0);

    const { body } = await apiAs<{ data: Role[] }>(page, 'GET', 'list-roles');
    expect(body.data.find((r) => r.role_name === name)?.permissions).toEqual([
      'HOJAS_VER',
      'CLIENTES_GESTIONAR',
    ]);
  });

  test('los dos mensajes de docs/producto.md §5 y el nombre duplicado bajo su campo', async () => {
    const page = await openRoles();
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const dialog = dialogNamed(page, 'Nuevo Rol');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre del rol es requerido').waitFor();
    await dialog.getByText('Debe seleccionar al menos un permiso').waitFor();

    await dialog.getByLabel('Nombre del Rol').fill(uniqueName('SIN PERMISOS'));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Debe seleccionar al menos un permiso').waitFor();
    expect(await dialog.getByText('El nombre del rol es requerido').count()).toBe(0);
    await option(page, 'HOJAS_VER').click();
    expect(await dialog.getByText('Debe seleccionar al menos un permiso').count()).toBe(0);

    await dialog.getByLabel('Nombre del Rol').fill('administrador');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Ya existe un rol con ese nombre').waitFor();
    await toast(page, 'error', 'Error al guardar el rol: Ya existe un rol con ese nombre');
    expect(await dialog.getByLabel('Nombre del Rol').getAttribute('aria-invalid')).toBe('true');
  });

  test('estados de carga y vacío', async () => {
    const page = await browser.newPage();
    await signIn(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/list-roles*', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":[]}' });
    });
    await page.goto('/roles');
    await page.getByTestId('roles-skeleton').waitFor();
    release();
    await page.getByTestId('roles-empty').getByText('No hay roles registrados').waitFor();
    expect(await page.getByTestId('roles-skeleton').count()).toBe(0);
  });

  test('quien administra cuentas crea el rol en la cuenta elegida', async () => {
    const page = await openRoles();
    const name = uniqueName('VALLE').toUpperCase();
    await page.getByLabel('Cuenta').selectOption({ label: 'Créditos del Valle' });
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const dialog = dialogNamed(page, 'Nuevo Rol');
    await dialog.getByLabel('Nombre del Rol').fill(name);
    await option(page, 'PRESTAMOS_VER').click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Rol creado exitosamente');
    await page.getByTestId(`role-card-${name}`).waitFor();
    const own = await apiAs<{ data: Role[] }>(page, 'GET', 'list-roles');
    expect(own.body.data.some((r) => r.role_name === name)).toBe(false);
  });

  test('en un teléfono de 360 px las tarjetas y el modal caben y los chips se quitan con el dedo', async () => {
    const page = await openRoles(360);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const dialog = dialogNamed(page, 'Nuevo Rol');
    await option(page, 'PAGOS_REGISTRAR').click();
    const remove = dialog.getByRole('button', { name: 'Quitar PAGOS_REGISTRAR' });
    const box = await remove.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(40);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await remove.click();
    expect(await count(page).textContent()).toBe('0 permisos seleccionados');
  });

  test('un ADMINISTRADOR sin CUENTAS_GESTIONAR no ve selector de cuenta ni puede otorgar ese permiso', async () => {
    const page = await browser.newPage();
    await signIn(page, 'admin@otra.mx');
    await page.goto('/roles');
    await page.getByTestId('role-card-ADMINISTRADOR').waitFor();
    expect(await page.getByTestId('roles-account').count()).toBe(0);
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    await option(page, 'ROLES_GESTIONAR').waitFor();
    expect(await option(page, 'CUENTAS_GESTIONAR').count()).toBe(0);
  });

  test('un COBRADOR recibe Acceso denegado y la API de roles le responde 403', async () => {
    const page = await browser.newPage();
    await signIn(page, 'cobrador@demo.mx');
    await page.goto('/roles');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    expect((await apiAs(page, 'GET', 'list-roles')).status).toBe(403);
    expect((await apiAs(page, 'GET', 'list-permissions')).status).toBe(403);
    const created = await apiAs(page, 'POST', 'create-role', { role_name: 'X', permissions: ['HOJAS_VER'] });
    expect(created.status).toBe(403);
  });
});
