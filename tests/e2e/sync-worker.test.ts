// Decision 013: the first sync runs in a dedicated worker. While pages are still arriving, the screens answer
// taps, and the header and the sync screen show real progress (rows stored of the server's count). The
// download is stretched here (small pages, each held a moment) so it is still going while the user acts.
import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fileBrowser, signIn } from './helpers/browser';
import { syncIndicator } from './helpers/loans';

const browser = fileBrowser();
const isPull = (url: URL) => url.pathname === '/api/sync/pull';

describe('sincronización en un worker', () => {
  test('durante la primera descarga la app responde a un toque y dice cuánto lleva y cuánto falta', async () => {
    const page = await browser.newPage(360, 760);
    let stretch = true;
    await page.route(isPull, async (route: Route) => {
      if (!stretch) return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue({ postData: JSON.stringify({ ...body, limit: 40 }) });
    });
    await signIn(page, 'cobrador@demo.mx');
    const indicator = syncIndicator(page);

    await expect
      .poll(() => indicator.getAttribute('aria-label'), { timeout: 20_000 })
      .toMatch(/^Descargando datos: [\d,]+ de [\d,]+ filas; faltan unos \d+ (s|min)/);
    expect(await indicator.textContent()).toMatch(/^Descarga \d+ %$/);
    // The pages are parsed and stored by the worker, not by the page.
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/sync-worker/));

    // A tap while it downloads: the screen changes, and the download is still going on it.
    await indicator.click();
    await page.waitForURL('**/sync');
    await page
      .getByTestId('sync-progress')
      .getByText(/^Descargando datos: /)
      .waitFor();
    expect(await indicator.getAttribute('data-state')).toBe('running');

    stretch = false;
    await indicator.and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('sync-progress').waitFor({ state: 'detached' });
  });
});
