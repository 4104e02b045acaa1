// One page API over two engines (decision 026): Chromium through playwright-core, as the rest of the suite,
// and Firefox ESR through puppeteer-core over WebDriver BiDi. Only what tests/e2e/two-engines.test.ts does:
// a label's field, a button by its accessible name, a text, a CSS selector, a script, and no connection.
import { existsSync } from 'node:fs';
import { type BrowserContext, chromium, type Page as PlaywrightPage } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { baseUrl, CHROME_ARGS, CHROME_PATH } from './browser';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const firefoxAvailable = () => existsSync(FIREFOX_PATH);

export interface EnginePage {
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  waitForPath(path: string): Promise<void>;
  /** Types into the field whose <label> reads `label`. */
  fill(label: string, value: string): Promise<void>;
  /** Clicks the button named `name` (its text or aria-label), inside `scope` (a CSS selector) if given. */
  click(name: string, scope?: string): Promise<void>;
  /** Clicks the element that shows `text` (a checkbox's label), inside `scope` if given. */
  clickText(text: string, scope?: string): Promise<void>;
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** No connection for this page (Chromium: its whole context; Firefox: this page, see decision 026). */
  setOffline(offline: boolean): Promise<void>;
}

export interface Engine {
  readonly name: string;
  /** A page in a fresh profile (its own storage, service worker and IndexedDB). */
  newPage(width: number, height: number): Promise<EnginePage>;
  close(): Promise<void>;
}

const escapeQuotes = (text: string) => text.replaceAll('"', '\\"');

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  return {
    name: 'Chromium',
    async newPage(width, height) {
      const context: BrowserContext = await browser.newContext({
        viewport: { width, height },
        locale: 'es-MX',
        baseURL: baseUrl(),
      });
      const page: PlaywrightPage = await context.newPage();
      const within = (scope?: string) => (scope ? page.locator(scope) : page);
      return {
        goto: async (path) => void (await page.goto(path)),
        reload: async () => void (await page.reload()),
        waitForPath: (path) => page.waitForURL(`**${path}`),
        fill: (label, value) => page.getByLabel(label, { exact: true }).fill(value),
        click: (name, scope) => within(scope).getByRole('button', { name, exact: true }).click(),
        clickText: (text, scope) => within(scope).getByText(text, { exact: true }).click(),
        waitFor: (selector, timeout) => page.locator(selector).first().waitFor({ timeout }),
        evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A) {
          return page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
        },
        setOffline: (offline) => context.setOffline(offline),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * Firefox ESR over WebDriver BiDi. Its accessibility locator also matches a <label> by the field's name, so
 * fields are found through their label's `for`; buttons through `::-p-aria` with role button.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
  });
  const origin = baseUrl();
  return {
    name: 'Firefox ESR',
    async newPage(width, height) {
      const context = await browser.createBrowserContext();
      const page: PuppeteerPage = await context.newPage();
      await page.setViewport({ width, height });
      const within = (scope?: string) => (scope ? `${scope} ` : '');
      return {
        goto: async (path) => void (await page.goto(new URL(path, origin).href)),
        reload: async () => void (await page.reload()),
        waitForPath: async (path) =>
          void (await page.waitForFunction((p) => location.pathname === p, {}, path)),
        async fill(label, value) {
          const id = await page.waitForFunction(
            (text) =>
              [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.htmlFor ||
              false,
            {},
            label,
          );
          await page.locator(`[id="${escapeQuotes(String(await id.jsonValue()))}"]`).fill(value);
        },
        click: (name, scope) =>
          page.locator(`${within(scope)}::-p-aria([name="${escapeQuotes(name)}"][role="button"])`).click(),
        clickText: (text, scope) => page.locator(`${within(scope)}::-p-text(${text})`).click(),
        waitFor: async (selector, timeout) => void (await page.waitForSelector(selector, { timeout })),
        evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A) {
          return page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg) as Promise<R>;
        },
        setOffline: (offline) => page.setOfflineMode(offline),
      };
    },
    close: () => browser.close(),
  };
}
