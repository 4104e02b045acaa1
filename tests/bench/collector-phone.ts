// What the phone benches share (browser-sheet and browser-cobranza): the API sign-in, a generated weekly
// sheet, a collector's 360 px phone with a persistent, disk-backed Chromium profile (an incognito context keeps
// IndexedDB in memory and flatters every figure), signed in and synced, and a click timed in the page's own
// clock.
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import type { GenerateSheetResponse } from '../../shared/sheets/types';
import { CHROME_ARGS, CHROME_PATH } from '../e2e/helpers/browser';
import { NAME_SHIM } from './browser-probe';

export async function apiLogin(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/**
 * Click → each of `selectors` first in the DOM, then the next animation frame, in the page's clock (the click
 * is dispatched from the page: no protocol round trip in the figure).
 */
export function timeClick(page: Page, click: string, selectors: string[]): Promise<number[]> {
  return page.evaluate(
    ([clickSelector, targets]) =>
      new Promise<number[]>((resolve) => {
        const button = document.querySelector<HTMLElement>(clickSelector as string)!;
        const start = performance.now();
        const times: number[] = [];
        const pending = new Set((targets as string[]).map((_, i) => i));
        const check = () => {
          for (const i of [...pending]) {
            if (!document.querySelector((targets as string[])[i]!)) continue;
            pending.delete(i);
            requestAnimationFrame(() => {
              times[i] = performance.now() - start;
              if (times.filter((t) => t !== undefined).length === (targets as string[]).length)
                resolve(times);
            });
          }
          return pending.size === 0;
        };
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        button.click();
      }),
    [click, selectors] as const,
  );
}

export async function generateSheet(baseUrl: string, token: string, municipalityId: number) {
  const res = await fetch(`${baseUrl}/api/hoja-de-cobro`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ municipalityId, paymentId: 1 }),
  });
  return ((await res.json()) as GenerateSheetResponse).data;
}

export async function waitSynced(page: Page) {
  await page.locator('[data-testid="sync-indicator"][data-state="synced"]').waitFor({ timeout: 120_000 });
}

/** The collector's phone: 360 px, touch, a persistent profile in `profile`, signed in and fully synced. */
export async function collectorPhone(
  profile: string,
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page; firstSyncMs: number }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: CHROME_ARGS,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    baseURL: baseUrl,
  });
  await context.addInitScript(NAME_SHIM);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(credentials.email);
  await page.getByLabel('Contraseña').fill(credentials.password);
  const started = performance.now();
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  // A collector lands on Cobranza (docs/producto.md §2.1), an office user on the dashboard.
  await page.waitForURL(/\/(dashboard|cobranza)$/);
  await waitSynced(page);
  // The collector's first sync of their towns, from the tap on 'Iniciar Sesión' (measured from here: it
  // includes the sign-in itself and a protocol round trip).
  const firstSyncMs = performance.now() - started;
  return { context, page, firstSyncMs };
}
