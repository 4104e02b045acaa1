import { describe, expect, test } from 'vitest';
import { DEMO_COLLECTOR, fileBrowser, signIn } from './helpers/browser';

const browser = fileBrowser();

describe('inicio de sesión', () => {
  test('la pantalla de login muestra el título, la indicación y las credenciales de prueba', async () => {
    const page = await browser.newPage(360, 740);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sistema de Préstamos' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Ingresa tus credenciales para continuar').isVisible()).resolves.toBe(true);
    await expect(page.getByText('admin@demo.mx').first().isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Correo electrónico').getAttribute('type')).toBe('email');
  });

  test('credenciales incorrectas muestran el error y conservan lo escrito', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('admin@demo.mx');
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('Credenciales inválidas').first().waitFor();
    expect(page.url()).toContain('/login');
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('admin@demo.mx');
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  });

  test('credenciales correctas llevan al dashboard y guardan la sesión con las claves de SPEC', async () => {
    const page = await browser.newPage();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const stored = await page.evaluate(() => ({
      user: localStorage.getItem('currentUser'),
      token: localStorage.getItem('jwtToken'),
      refresh: localStorage.getItem('refreshToken'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}').email).toBe('admin@demo.mx');
    await page.getByTestId('header-user').getByText('Administrador Demo').waitFor();
  });

  test('cerrar sesión borra la sesión, revoca el refresh token y vuelve al login', async () => {
    const page = await browser.newPage();
    await signIn(page);
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
    const res = await page.request.post('/api/refresh-token', { data: { refreshToken } });
    expect(res.status()).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });
});

describe('redirecciones (docs/producto.md §2)', () => {
  test('sin sesión, cualquier ruta protegida lleva al login', async () => {
    const page = await browser.newPage();
    for (const path of ['/', '/dashboard', '/loans']) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
  });

  test('con sesión, la ruta vacía y /login llevan al dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  test('un COBRADOR entra a Cobranza, y la ruta vacía y /login también lo llevan ahí', async () => {
    const page = await browser.newPage(360, 740);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(DEMO_COLLECTOR);
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/cobranza');
    await page.getByRole('heading', { name: 'Cobranza', level: 1 }).waitFor();
    await page.goto('/');
    await page.waitForURL('**/cobranza');
    await page.goto('/login');
    await page.waitForURL('**/cobranza');
    expect(new URL(page.url()).pathname).toBe('/cobranza');
    expect(visited).not.toContain('/dashboard');
  });

  test('un COBRADOR que pidió otra página vuelve a ella después de entrar', async () => {
    const page = await browser.newPage();
    await page.goto('/loans');
    await page.waitForURL('**/login');
    await page.getByLabel('Correo electrónico').fill(DEMO_COLLECTOR);
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/loans');
  });
});
