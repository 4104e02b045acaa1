// First paint without JavaScript (decision 012): index.html carries the login screen (docs/producto.md §2)
// prerendered, what is typed or sent on it before the app's code arrives is kept, a stored session shows the
// spinner instead, and the login's JavaScript and the service worker's precache stay within their budget.
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { appWeight, fromBuild } from './helpers/app-weight';
import { DEMO_COLLECTOR, fileBrowser, signIn } from './helpers/browser';

const browser = fileBrowser();

const LOGIN_JS_BUDGET = 170_000;
const PRECACHE_BUDGET = 400_000;

/** Holds every built script until release(): the page has only its HTML until then. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Module scripts hold back DOMContentLoaded: with them held, the page is ready when the form is there. */
async function openHeld(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('[data-shell-end]').waitFor({ state: 'attached' });
}

const appStarted = (page: Page) => page.waitForFunction(() => !document.querySelector('[data-shell]'));

/** Notes each loading indicator the app itself renders (the prerendered one carries data-shell). */
const watchSpinnersScript = () => {
  const seen: string[] = [];
  (window as unknown as { __appSpinners: string[] }).__appSpinners = seen;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const spinners = [node, ...node.querySelectorAll('[data-testid="loading-spinner"]')].filter(
          (el) => el.matches('[data-testid="loading-spinner"]') && !el.closest('[data-shell]'),
        );
        for (const el of spinners) seen.push(el.textContent ?? '');
      }
  }).observe(document, { childList: true, subtree: true });
};

const watchAppSpinners = (page: Page) => page.evaluate(watchSpinnersScript);
const appSpinners = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appSpinners: string[] }).__appSpinners);

describe('primera pintura sin JavaScript', () => {
  test('sin JavaScript, /login ya trae el título, la indicación, los campos y el botón', async () => {
    const page = await browser.newPage(360, 740, { javaScriptEnabled: false });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sistema de Préstamos' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Ingresa tus credenciales para continuar').isVisible()).resolves.toBe(true);
    const email = page.getByLabel('Correo electrónico');
    const password = page.getByLabel('Contraseña');
    await expect(email.isVisible()).resolves.toBe(true);
    expect(await email.getAttribute('type')).toBe('email');
    expect(await email.getAttribute('required')).not.toBeNull();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('required')).not.toBeNull();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('login-demo-hint').isVisible()).resolves.toBe(true);
    // The session's spinner is there too, hidden: it is for a stored session.
    await expect(page.getByText('Verificando sesión...').isVisible()).resolves.toBe(false);
    // Sent without the app, the form posts: the password never lands in the address bar.
    expect(await page.locator('form').getAttribute('method')).toBe('post');
  });

  test('lo escrito antes de que llegue el código se conserva, con el foco y el cursor', async () => {
    const page = await browser.newPage(360, 740);
    const release = await holdScripts(page);
    await openHeld(page, '/login');
    await page.getByLabel('Correo electrónico').click();
    await page.keyboard.type('admin@demo.mx');
    await page.getByLabel('Contraseña').click();
    await page.keyboard.type('demo12');
    expect(await page.locator('[data-shell]').count()).toBeGreaterThan(0);
    release();
    await appStarted(page);
    await page.keyboard.type('34');
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('admin@demo.mx');
    expect(await page.getByLabel('Contraseña').inputValue()).toBe('demo1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
  });

  test('un Enter antes de que llegue el código inicia sesión cuando llega', async () => {
    const page = await browser.newPage(360, 740);
    const release = await holdScripts(page);
    await openHeld(page, '/login');
    await page.getByLabel('Correo electrónico').fill('admin@demo.mx');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByLabel('Contraseña').press('Enter');
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await page.waitForURL('**/dashboard');
  });

  test('con sesión guardada, / muestra el indicador de sesión y no el formulario', async () => {
    const page = await browser.newPage(360, 740);
    await signIn(page);
    const release = await holdScripts(page);
    await openHeld(page, '/');
    await expect(page.getByText('Verificando sesión...').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Sistema de Préstamos' }).isVisible()).resolves.toBe(
      false,
    );
    release();
    await page.waitForURL('**/dashboard');
  });

  // React.lazy suspends on its first render even with its code already here, and React holds the reveal of a
  // suspended tree until 300 ms after its fallback appeared: the app's own spinner must not show at all once
  // the code is here (after a sign-in, the layout and the sync waited behind it).
  test('con el código ya descargado, iniciar sesión lleva al dashboard sin pasar por un indicador de carga', async () => {
    const page = await browser.newPage(360, 740);
    await page.goto('/login');
    await page.waitForLoadState('networkidle'); // the login screen fetches the router and the home when idle
    await watchAppSpinners(page);
    await page.getByLabel('Correo electrónico').fill('admin@demo.mx');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-user').waitFor();
    expect(await appSpinners(page)).toEqual([]);
  });

  // The login screen does not know who will sign in: it fetches both homes, and a collector lands on his.
  test('con el código ya descargado, un COBRADOR entra a Cobranza sin pasar por un indicador de carga', async () => {
    const page = await browser.newPage(360, 740);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await watchAppSpinners(page);
    await page.getByLabel('Correo electrónico').fill(DEMO_COLLECTOR);
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/cobranza');
    await page.getByTestId('header-user').waitFor();
    // Cobranza's own 'Cargando la ruta' (its week read from the phone before the first sync) may show; the
    // spinners of code still on its way may not.
    const spinners = await appSpinners(page);
    expect(spinners).not.toContain('Cargando...');
    expect(spinners).not.toContain('Verificando sesión...');
  });

  test('con sesión guardada, la app pasa del indicador prerenderizado al dashboard sin otro indicador', async () => {
    const page = await browser.newPage(360, 740);
    await signIn(page);
    await page.addInitScript(watchSpinnersScript);
    await page.reload();
    await page.getByTestId('header-user').waitFor();
    expect(await appSpinners(page)).toEqual([]);
  });

  test('el JS de /login y el precache del service worker caben en su presupuesto', async () => {
    // The suite's own build is the production one (helpers/global-setup).
    const weight = await appWeight(fromBuild(inject('distDir')));
    const files = weight.loginJs.map((f) => `${f.path} ${f.gzip}`).join(', ');
    expect(weight.loginJsGzip, files).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    expect(weight.precacheGzip).toBeLessThan(PRECACHE_BUDGET);
    // What /login needs is precached: the login screen opens offline.
    const precached = new Set(weight.precache.map((f) => f.path));
    for (const file of weight.loginJs) expect(precached.has(file.path), file.path).toBe(true);
  });
});
