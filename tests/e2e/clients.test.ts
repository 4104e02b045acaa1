import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Client } from '../../shared/clients/types';
import { fileBrowser, signIn } from './helpers/browser';
import {
  animationsDone,
  apiAs,
  dialogNamed,
  horizontalOverflow,
  rowWith,
  toast,
  uniqueName,
} from './helpers/catalog';

const browser = fileBrowser();

async function openClients(width = 1280) {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  await page.goto('/clients');
  await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
  await page.locator('[data-testid="data-row"], [data-testid="data-card"]').first().waitFor();
  return page;
}

async function fillClient(page: Page, title: string, values: { nombre?: string; telefono?: string }) {
  const dialog = dialogNamed(page, title);
  await dialog.waitFor();
  if (values.nombre !== undefined) await dialog.getByLabel('Nombre').fill(values.nombre);
  if (values.telefono !== undefined) await dialog.getByLabel('Teléfono').fill(values.telefono);
  return dialog;
}

describe('clientes', () => {
  test('crear, ver, editar y eliminar un cliente', async () => {
    const page = await openClients();
    const nombre = uniqueName('Cliente E2E');
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = await fillClient(page, 'Nuevo Cliente', { nombre, telefono: '(55) 1234-5678' });
    expect(await dialog.getByLabel('Teléfono').getAttribute('type')).toBe('tel');
    await dialog.getByLabel('Municipio').selectOption({ index: 1 });
    const municipio = (await dialog.getByLabel('Municipio').locator('option:checked').textContent()) ?? '';
    await dialog.locator('label').filter({ hasText: 'Coordinadora' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Cliente creado exitosamente');
    await dialog.waitFor({ state: 'hidden' });

    const row = rowWith(page, nombre);
    await row.waitFor();
    expect(await row.textContent()).toContain('Coordinadora');
    expect(await row.textContent()).toContain(municipio);
    expect(await row.textContent()).toContain('(55) 1234-5678');
    const { body } = await apiAs<{ data: Client[] }>(page, 'GET', 'clients');
    expect(await page.getByTestId('stat-total').textContent()).toBe(String(body.data.length));

    const editado = `${nombre} Editado`;
    await page.getByRole('button', { name: `Editar ${nombre}` }).click();
    const edit = await fillClient(page, 'Editar Cliente', { nombre: editado });
    expect(await edit.getByLabel('Teléfono').inputValue()).toBe('(55) 1234-5678');
    await edit.locator('label').filter({ hasText: 'Empleado' }).click();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Cliente actualizado exitosamente');
    await rowWith(page, editado).getByText('Empleado').waitFor();

    await page.getByRole('button', { name: `Eliminar ${editado}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar Cliente' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await toast(page, 'success', 'Cliente eliminado exitosamente');
    await rowWith(page, editado).waitFor({ state: 'detached' });
  });

  test('los mensajes de validación del esquema aparecen bajo cada campo', async () => {
    const page = await openClients();
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = dialogNamed(page, 'Nuevo Cliente');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    await dialog.getByText('El teléfono es requerido').waitFor();
    await dialog.getByText('El municipio es requerido').waitFor();

    await fillClient(page, 'Nuevo Cliente', { nombre: uniqueName('Cliente Malo'), telefono: '123' });
    await dialog.getByLabel('Municipio').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El teléfono debe tener entre 8 y 15 dígitos').waitFor();
    expect(await dialog.getByLabel('Teléfono').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('El nombre es requerido').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
  });

  test('un cliente con préstamos no se elimina: toast con la razón del servidor', async () => {
    const page = await openClients();
    // Demo clients are inserted in order and the first ones all have loans (the seed's withoutLoan list starts at 10).
    const { body } = await apiAs<{ data: Client[] }>(page, 'GET', 'clients');
    const withLoans = [...body.data].sort((a, b) => a.id - b.id)[0]!;
    await page.getByRole('searchbox', { name: 'Buscar cliente por nombre' }).fill(withLoans.nombre);
    await page.getByRole('button', { name: `Eliminar ${withLoans.nombre}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await toast(
      page,
      'error',
      'Error al eliminar el cliente: No se puede eliminar el cliente porque tiene préstamos registrados',
    );
    await rowWith(page, withLoans.nombre).waitFor();
  });

  test('la búsqueda filtra por nombre en el cliente', async () => {
    const page = await openClients();
    const { body } = await apiAs<{ data: Client[] }>(page, 'GET', 'clients');
    const target = body.data[0]!;
    await page.getByRole('searchbox').fill(target.nombre.toUpperCase());
    await rowWith(page, target.nombre).waitFor();
    expect(await page.getByTestId('data-row').count()).toBeLessThan(body.data.length);
    await page.getByRole('searchbox').fill('zzz-nadie-se-llama-asi');
    await page.getByText('Ningún cliente coincide con la búsqueda').waitFor();
  });

  test('sin conexión el modal conserva lo escrito y lo dice en español', async () => {
    const page = await openClients();
    const nombre = uniqueName('Cliente Offline');
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    const dialog = await fillClient(page, 'Nuevo Cliente', { nombre, telefono: '5512345678' });
    await dialog.getByLabel('Municipio').selectOption({ index: 1 });
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Sin conexión: esta acción requiere internet').first().waitFor();
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe(nombre);
    expect(await dialog.getByLabel('Teléfono').inputValue()).toBe('5512345678');
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Cliente creado exitosamente');
    await rowWith(page, nombre).waitFor();
  });

  test('un fallo al cargar dice "Error al cargar los clientes" y Reintentar recupera', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.route('**/api/clients', (route) =>
      route.fulfill({ status: 500, json: { error: 'Falla simulada', code: 'INTERNAL' } }),
    );
    await page.goto('/clients');
    await page.getByText('Error al cargar los clientes').waitFor();
    await page.getByText('Falla simulada').waitFor();
    await page.unroute('**/api/clients');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByTestId('data-row').first().waitFor();
    expect(await page.getByText('Error al cargar los clientes').count()).toBe(0);
  });

  test('?nuevo=1 y la acción rápida del dashboard abren "Nuevo Cliente"', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.getByTestId('quick-nuevo-cliente').click();
    await dialogNamed(page, 'Nuevo Cliente').waitFor();
    await page.waitForURL((url) => url.pathname === '/clients' && !url.search.includes('nuevo'));
    await dialogNamed(page, 'Nuevo Cliente').getByRole('button', { name: 'Cancelar' }).click();
    await dialogNamed(page, 'Nuevo Cliente').waitFor({ state: 'hidden' });
  });

  test('a 360 px las filas son tarjetas y nada se desborda', async () => {
    const page = await openClients(360);
    expect(await page.getByTestId('clients-table').getAttribute('data-layout')).toBe('cards');
    expect(await page.getByTestId('data-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('data-row').count()).toBe(0);
    const card = page.getByTestId('data-card').first();
    for (const label of ['ID', 'Teléfono', 'Municipio', 'Fecha de Registro'])
      await card.getByText(label, { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const edit = card.getByRole('button', { name: /^Editar / });
    expect((await edit.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Nuevo Cliente' }).click();
    await dialogNamed(page, 'Nuevo Cliente').waitFor();
    await animationsDone(page);
    const box = await dialogNamed(page, 'Nuevo Cliente').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });

  test('un COBRADOR no ve Clientes ni Municipios y /clients le dice "Acceso denegado"', async () => {
    const page = await browser.newPage();
    await signIn(page, 'cobrador@demo.mx');
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Clientes' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Municipios' }).count()).toBe(0);
    await page.goto('/clients');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    const created = await apiAs(page, 'POST', 'add-client', {
      nombre: 'No permitido',
      telefono: '5512345678',
      municipality_id: 1,
    });
    expect(created.status).toBe(403);
  });
});
