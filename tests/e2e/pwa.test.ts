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
