import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { UserListItem } from '../../shared/users/types';
import { fileBrowser, signIn } from './helpers/browser';
import { apiAs, dialogNamed, horizontalOverflow, rowWith, toast, uniqueName } from './helpers/catalog';

const browser = fileBrowser();

async function openUsers(width = 1280, email?: string) {
  const page = await browser.newPage(width, 800);
  await signIn(page, email);
  await page.goto('/users');
  await page.getByRole('heading', { name: 'Usuarios', level: 1 }).waitFor();
  await page.locator('[data-testid="data-row"], [data-testid="data-card"]').first().waitFor();
  return page;
}

const uniqueEmail = () => `${uniqueName('e2e').replace(' ', '.')}@demo.mx`;
const passwordInput = (page: Page) => page.getByRole('dialog').getByRole('textbox', { name: 'Contraseña' });

/** Picks a role once the chosen account's roles have loaded into the select. */
async function pickRole(page: Page, label: string) {
  const select = page.getByRole('dialog').getByLabel('Rol');
  await select.locator('option', { hasText: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

describe('usuarios', () => {
  test('crear, ver, editar (conservando la contraseña) y eliminar un usuario', async () => {
    const page = await openUsers();
    const name = uniqueName('Usuario E2E');
    const email = uniqueEmail();
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = dialogNamed(page, 'Nuevo Usuario');
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await passwordInput(page).fill('secreto1');
    expect(await passwordInput(page).getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await passwordInput(page).getAttribute('type')).toBe('text');
    // The signed-in user's account comes preselected.
    expect(await dialog.getByLabel('Cuenta').locator('option:checked').textContent()).toBe(
      'Préstamos La Esperanza',
    );
    await pickRole(page, 'COBRADOR');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Usuario creado exitosamente');
    await dialog.waitFor({ state: 'hidden' });

    const row = rowWith(page, email);
    await row.getByText('COBRADOR').waitFor();
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain('Préstamos La Esperanza');

    const renamed = `${name} Editado`;
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = dialogNamed(page, 'Editar Usuario');
    await edit.getByText('Déjela vacía para conservar la actual').waitFor();
    expect(await passwordInput(page).inputValue()).toBe('');
    await edit.getByLabel('Nombre').fill(renamed);
    await pickRole(page, 'Sin rol');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Usuario actualizado exitosamente');
    await rowWith(page, renamed).getByText('Sin rol').waitFor();
    // The empty password was left out: the old one still signs in.
    const login = await page.request.post('/api/login', { data: { email, password: 'secreto1' } });
    expect(login.status()).toBe(200);

    await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar Usuario' });
    await confirm.getByText(renamed).waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await toast(page, 'success', 'Usuario eliminado exitosamente');
    await rowWith(page, email).waitFor({ state: 'detached' });
  });

  test('los mensajes del esquema y el email duplicado aparecen bajo su campo', async () => {
    const page = await openUsers();
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = dialogNamed(page, 'Nuevo Usuario');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    await dialog.getByText('El email es requerido').waitFor();
    await dialog.getByText('La contraseña es requerida').waitFor();

    await dialog.getByLabel('Nombre').fill(uniqueName('Usuario Corto'));
    await dialog.getByLabel('Email').fill('captura@demo.mx');
    await passwordInput(page).fill('123');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();
    expect(await passwordInput(page).getAttribute('aria-invalid')).toBe('true');

    await passwordInput(page).fill('123456');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Ya existe un usuario con ese email').waitFor();
    await toast(page, 'error', 'Error al guardar el usuario: Ya existe un usuario con ese email');
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });

  test('el usuario con sesión no tiene botón Eliminar en su propia fila', async () => {
    const page = await openUsers();
    await rowWith(page, 'admin@demo.mx').waitFor();
    expect(await page.getByRole('button', { name: 'Editar Administrador Demo' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Eliminar Administrador Demo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Eliminar Cobrador Demo' }).count()).toBe(1);
  });

  test('sin conexión el modal dice por qué y conserva lo escrito; al volver, guarda', async () => {
    const page = await openUsers();
    const name = uniqueName('Usuario Offline');
    const email = uniqueEmail();
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = dialogNamed(page, 'Nuevo Usuario');
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await passwordInput(page).fill('secreto1');
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Sin conexión: esta acción requiere internet').waitFor();
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe(name);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    expect(await passwordInput(page).inputValue()).toBe('secreto1');
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Usuario creado exitosamente');
    await rowWith(page, email).waitFor();
  });

  test('un fallo al cargar muestra el error de SPEC y Reintentar lo recupera', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.route('**/api/list-users', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Fallo simulado","code":"INTERNAL"}',
      }),
    );
    await page.goto('/users');
    const error = page.getByTestId('error-state');
    await error.getByText('Error al cargar los usuarios').waitFor();
    await error.getByText('Fallo simulado').waitFor();
    await page.unroute('**/api/list-users');
    await error.getByRole('button', { name: 'Reintentar' }).click();
    await rowWith(page, 'admin@demo.mx').waitFor();
    expect(await error.count()).toBe(0);
  });

  test('en un teléfono de 360 px la tabla se vuelve tarjetas y nada se desborda', async () => {
    const page = await openUsers(360);
    expect(await page.getByTestId('users-table').getAttribute('data-layout')).toBe('cards');
    expect(await page.getByTestId('data-row').count()).toBe(0);
    const card = rowWith(page, 'cobrador@demo.mx');
    expect(await card.textContent()).toContain('COBRADOR');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    await dialogNamed(page, 'Nuevo Usuario').getByLabel('Rol').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('usuarios: permisos y cuentas', () => {
  test('un COBRADOR no ve la pantalla, recibe Acceso denegado y la API le responde 403', async () => {
    const page = await browser.newPage();
    await signIn(page, 'cobrador@demo.mx');
    await page.getByTestId('nav-/dashboard').waitFor();
    for (const path of ['/users', '/roles', '/accounts'])
      expect(await page.getByTestId(`nav-${path}`).count()).toBe(0);
    await page.goto('/users');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    expect((await apiAs(page, 'GET', 'list-users')).status).toBe(403);
    expect((await apiAs(page, 'DELETE', 'delete-user/2')).status).toBe(403);
  });

  test('un CAPTURISTA tampoco ve Usuarios, Roles ni Cuentas', async () => {
    const page = await browser.newPage();
    await signIn(page, 'captura@demo.mx');
    await page.getByTestId('nav-/dashboard').waitFor();
    for (const path of ['/users', '/roles', '/accounts'])
      expect(await page.getByTestId(`nav-${path}`).count()).toBe(0);
    await page.goto('/roles');
    await page.getByTestId('status-403').waitFor();
    expect((await apiAs(page, 'GET', 'list-users')).status).toBe(403);
  });

  test('un ADMINISTRADOR de otra cuenta ve solo sus usuarios y no puede cambiar de cuenta', async () => {
    const page = await openUsers(1280, 'admin@otra.mx');
    expect(await page.getByTestId('nav-/users').count()).toBe(1);
    expect(await page.getByTestId('nav-/accounts').count()).toBe(0);
    const { body } = await apiAs<{ data: UserListItem[] }>(page, 'GET', 'list-users');
    expect(new Set(body.data.map((u) => u.account_name))).toEqual(new Set(['Créditos del Valle']));
    const cells = await page.locator('[data-testid="data-row"] [data-column="account"]').allTextContents();
    expect(cells.length).toBe(body.data.length);
    expect(new Set(cells)).toEqual(new Set(['Créditos del Valle']));
    expect(await rowWith(page, 'admin@demo.mx').count()).toBe(0);

    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const account = dialogNamed(page, 'Nuevo Usuario').getByLabel('Cuenta');
    expect(await account.isDisabled()).toBe(true);
    expect(await account.locator('option').allTextContents()).toEqual(['Créditos del Valle']);
  });
});
