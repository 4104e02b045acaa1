// The messages of docs/producto.md §8 that only show when a second call fails: the list's reload after a save,
// the role list of the user form, and the permission catalogue of Roles. Each failure is made by answering
// that one call with an error; everything else reaches the real server.
import { describe, test } from 'vitest';
import { fileBrowser, signIn } from './helpers/browser';
import { dialogNamed, toast, uniqueName } from './helpers/catalog';

const browser = fileBrowser();
const failure = { status: 500, contentType: 'application/json', body: '{"error":"Fallo de prueba"}' };

describe('mensajes de error de docs/producto.md §8', () => {
  test('un municipio guardado cuya lista no se pudo recargar lo dice: los datos se guardaron', async () => {
    const page = await browser.newPage(1280, 800);
    await signIn(page);
    await page.goto('/municipalities');
    await page.getByRole('heading', { name: 'Municipios', level: 1 }).waitFor();
    await page.locator('[data-testid="data-row"]').first().waitFor();
    await page.getByRole('button', { name: 'Nuevo Municipio' }).click();
    const dialog = dialogNamed(page, 'Nuevo Municipio');
    await dialog.getByLabel('Nombre').fill(uniqueName('Recarga'));
    await dialog.getByLabel('Día de Cobro').selectOption({ label: 'Miércoles' });
    // From now on the list cannot be read again; the save itself goes through.
    await page.route('**/api/municipalities', (route) =>
      route.request().method() === 'GET' ? route.fulfill(failure) : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await toast(page, 'success', 'Municipio creado exitosamente');
    await toast(
      page,
      'error',
      'Error: Los datos se guardaron, pero no se pudo recargar la lista: Fallo de prueba',
    );
  });

  test("el formulario de usuario dice 'Error al listar roles' cuando los roles no cargan", async () => {
    const page = await browser.newPage(1280, 800);
    await signIn(page);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Usuarios', level: 1 }).waitFor();
    await page.route('**/api/list-roles**', (route) => route.fulfill(failure));
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    await dialogNamed(page, 'Nuevo Usuario').getByText('Error al listar roles: Fallo de prueba').waitFor();
  });

  test("Roles dice 'Error al listar permisos' cuando el catálogo de permisos no carga", async () => {
    const page = await browser.newPage(1280, 800);
    await page.route('**/api/list-permissions**', (route) => route.fulfill(failure));
    await signIn(page);
    await page.goto('/roles');
    await page.getByText('Error al listar permisos').first().waitFor();
  });
});
