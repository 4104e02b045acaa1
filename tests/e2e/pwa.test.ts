import { describe, expect, test } from 'vitest';
import { withPersistentContext } from './helpers/browser';

describe('aplicación instalable', () => {
  test('Chromium no reporta errores de instalabilidad y el manifiesto está en español', async () => {
    await withPersistentContext(async (context) => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
        string,
        unknown
      >;
      expect(manifest.name).toBe('Sistema de Préstamos');
      expect(manifest.lang).toBe('es-MX');
      expect(manifest.display).toBe('standalone');
    });
  });

  test('con la red apagada, la app vuelve a abrir desde el service worker', async () => {
    await withPersistentContext(async (context) => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Sistema de Préstamos' }).waitFor();
      await context.setOffline(false);
      expect(await page.getByRole('button', { name: 'Iniciar Sesión' }).isVisible()).toBe(true);
    });
  });
});

describe('icono sin conexión', () => {
  // Chromium fetches the manifest's icon each time it checks the app is installable, through the service
  // worker, offline too. (The tab's favicon is fetched by the browser itself, past the worker: not asked here.)
  test('instalada y sin red, el icono del manifiesto sale del service worker: sin petición fallida', async () => {
    await withPersistentContext(async (context) => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const failed: string[] = [];
      context.on('requestfailed', (request) => failed.push(request.url()));
      await context.setOffline(true);
      await page.reload(); // the first load under the worker's control, with no network at all
      await page.getByRole('heading', { name: 'Sistema de Préstamos' }).waitFor();
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      const icon = await page.evaluate(() =>
        fetch('/icons/icon-192.png').then(
          (response) => ({ ok: response.ok, type: response.headers.get('content-type') }),
          (error: unknown) => ({ ok: false, type: String(error) }),
        ),
      );
      await context.setOffline(false);
      expect({
        installabilityErrors,
        icon,
        failed: failed.filter((url) => url.includes('/icons/icon-')),
      }).toEqual({ installabilityErrors: [], icon: { ok: true, type: 'image/png' }, failed: [] });
    });
  });
});

describe('política de seguridad del contenido', () => {
  test('la app entera corre bajo la política: sin violaciones al entrar, navegar y con el service worker', async () => {
    await withPersistentContext(async (context) => {
      await context.addInitScript(() => {
        (window as unknown as { __csp: string[] }).__csp = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const page = context.pages()[0] ?? (await context.newPage());
      const response = await page.goto('/login');
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      expect(response?.headers()['x-frame-options']).toBe('DENY');
      await page.getByLabel('Correo electrónico').fill('admin@demo.mx');
      await page.getByLabel('Contraseña').fill('demo1234');
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await page.waitForURL('**/dashboard');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page
        .getByTestId('sync-indicator')
        .and(page.locator('[data-state="synced"]'))
        .waitFor({ timeout: 30_000 });
      const violations: string[] = [];
      for (const path of ['/loans', '/reports/financial-summary', '/cobranza', '/sync']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        violations.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)));
      }
      expect(violations).toEqual([]);
    });
  });
});
