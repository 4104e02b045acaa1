import { describe, expect, test } from 'vitest';
import type { Municipality } from '../../shared/municipalities/types';
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

async function openMunicipalities(width = 1280) {
  const page = await browser.newPage(width, 800);
  await signIn(page);
  await page.goto('/municipalities');
  await page.getByRole('heading', { name: 'Municipios', level: 1 }).waitFor();
  await page.locator('[data-testid="data-row"], [data-testid="data-card"]').first().waitFor();
  return page;
}

describe('municipios', () => {
  test('crear, ver, editar y eliminar (borrado lógico) un municipio', async () => {
    const page = await openMunicipalities();
    const name = uniqueName('Municipio E2E');
    await page.getByRole('button', { name: 'Nuevo Municipio' }).click();
    const dialog = dialogNamed(page, 'Nuevo Municipio');
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Día de Cobro').selectOption({ label: 'Miércoles' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Municipio creado exitosamente');
    const row = rowWith(page, name);
    await row.getByText('Miércoles').waitFor();

    const renamed = `${name} Editado`;
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = dialogNamed(page, 'Editar Municipio');
    expect(await edit.getByLabel('Día de Cobro').inputValue()).toBe('MIERCOLES');
    await edit.getByLabel('Nombre').fill(renamed);
    await edit.getByLabel('Día de Cobro').selectOption({ label: 'Viernes' });
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Municipio actualizado exitosamente');
    await rowWith(page, renamed).getByText('Viernes').waitFor();

    await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Eliminar Municipio' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await toast(page, 'success', 'Municipio eliminado exitosamente');
    await rowWith(page, renamed).waitFor({ state: 'detached' });

    // Soft delete: the row is still there with delete = true, and the client form no longer offers it.
    const deleted = await apiAs<{ data: Municipality[] }>(page, 'GET', 'municipalities?delete=true');
    expect(deleted.body.data.some((m) => m.name === renamed && m.delete)).toBe(true);
    await page.goto('/clients?nuevo=1');
    const clientDialog = dialogNamed(page, 'Nuevo Cliente');
    await clientDialog.getByLabel('Municipio').locator('option').nth(1).waitFor({ state: 'attached' });
    const options = await clientDialog.getByLabel('Municipio').locator('option').allTextContents();
    expect(options).not.toContain(renamed);
  });

  test('los mensajes de validación aparecen bajo cada campo', async () => {
    const page = await openMunicipalities();
    await page.getByRole('button', { name: 'Nuevo Municipio' }).click();
    const dialog = dialogNamed(page, 'Nuevo Municipio');
    await dialog.getByLabel('Nombre').fill('   ');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    await dialog.getByText('El día de cobro es requerido').waitFor();
    await dialog.getByLabel('Día de Cobro').selectOption({ label: 'Lunes' });
    expect(await dialog.getByText('El día de cobro es requerido').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('los enlaces del menú cambian de pantalla', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Municipios' }).click();
    await page.getByRole('heading', { name: 'Municipios', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  test('a 360 px las filas son tarjetas y el modal cabe en la pantalla', async () => {
    const page = await openMunicipalities(360);
    expect(await page.getByTestId('municipalities-table').getAttribute('data-layout')).toBe('cards');
    expect(await page.getByTestId('data-row').count()).toBe(0);
    const card = page.getByTestId('data-card').first();
    for (const label of ['ID', 'Día de Cobro', 'Fecha de Creación'])
      await card.getByText(label, { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Nuevo Municipio' }).click();
    await dialogNamed(page, 'Nuevo Municipio').waitFor();
    await animationsDone(page);
    const box = await dialogNamed(page, 'Nuevo Municipio').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const save = await dialogNamed(page, 'Nuevo Municipio')
      .getByRole('button', { name: 'Guardar' })
      .boundingBox();
    expect(save!.height).toBeGreaterThanOrEqual(44);
  });

  test('un COBRADOR recibe "Acceso denegado" y 403 de la API', async () => {
    const page = await browser.newPage();
    await signIn(page, 'cobrador@demo.mx');
    await page.goto('/municipalities');
    await page.getByTestId('status-403').getByText('Acceso denegado').waitFor();
    const created = await apiAs(page, 'POST', 'municipalities', { name: 'No', collection_day: 'LUNES' });
    expect(created.status).toBe(403);
  });
});
