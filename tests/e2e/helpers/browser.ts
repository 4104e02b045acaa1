import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, inject } from 'vitest';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeAvailable = () => existsSync(CHROME_PATH);

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The server of this worker (VITEST_POOL_ID is 1…maxWorkers): two files never share one at the same time. */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

/** One browser per test file; each test takes a fresh context (its own storage), so tests never share a session. */
export function fileBrowser() {
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** `options` adds to the context's (javaScriptEnabled: false to see what the HTML alone paints). */
    async newPage(width = 1280, height = 800, options: BrowserContextOptions = {}): Promise<Page> {
      browser ??= await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'es-MX',
        baseURL: baseUrl(),
        ...options,
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** A persistent profile: Chromium reports installability only outside incognito (measured on this machine). */
export async function withPersistentContext<T>(
  fn: (context: BrowserContext) => Promise<T>,
  viewport = { width: 1280, height: 800 },
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'prestamos-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROME_PATH,
    args: CHROME_ARGS,
    viewport,
    baseURL: baseUrl(),
  });
  try {
    return await fn(context);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The demo seed's COBRADOR (server/seed/demo-data.ts). */
export const DEMO_COLLECTOR = 'cobrador@demo.mx';

/**
 * Signs in and waits for the home the user lands on (docs/producto.md §2.1): /cobranza for a collector (the
 * demo's by default; a test's own collector passes it), /dashboard for the office.
 */
export async function signIn(
  page: Page,
  email = 'admin@demo.mx',
  password = 'demo1234',
  home: '/dashboard' | '/cobranza' = email === DEMO_COLLECTOR ? '/cobranza' : '/dashboard',
) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(`**${home}`);
}
