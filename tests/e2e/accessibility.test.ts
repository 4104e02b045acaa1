// Axe (WCAG 2 A/AA and 2.1 AA) on every screen of the router, the main dialogs and the
// signed-out login, at 1280 and 360 px, finds no serious or critical violation; and two everyday jobs, a
// payment and a sheet's Resumen, are done with the keyboard alone.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { appRoutes } from '../../client/routes/registry';
import { businessToday } from '../../shared/dates';
import type { Loan } from '../../shared/loans/types';
import { baseUrl, fileBrowser, signIn } from './helpers/browser';
import { animationsDone, apiAs, dialogNamed } from './helpers/catalog';
import { syncIndicator } from './helpers/loans';
import { call, seedLongCorte, seedWeeklyTown } from './helpers/route';

const browser = fileBrowser();
const WIDTHS = [1280, 360] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  screen: string;
  width: number;
  rule: string;
  impact: string;
  target: string;
  detail: string;
}

/**
 * This file's own town (helpers/route) with two clients whose weekly loans fell due this week, and the town's
 * sheet: the loan detail, Cobranza's cards and the sheet's Resumen have rows to show and pay that no other
 * file touches.
 */
async function seedTown() {
  const { admin, tag, townId } = await seedWeeklyTown('Accesible', 2);
  const sheet = await call<{ data: { id: number } }>(admin, 'POST', 'hoja-de-cobro', {
    municipalityId: townId,
  });
  expect(sheet.status, JSON.stringify(sheet.body)).toBe(201);
  const loans = await call<{ data: Loan[] }>(
    admin,
    'GET',
    `list-loans?clientName=${encodeURIComponent(tag)}`,
  );
  const byName = (k: number) => loans.body.data.find((l) => l.client_nombre === `${tag} Cliente ${k}`)!;
  await seedLongCorte(1234.5);
  return { tag, sheetId: sheet.body.data.id, first: byName(1), second: byName(2) };
}

type Seed = Awaited<ReturnType<typeof seedTown>>;

/** Concrete addresses for the routes with parameters; a new parameterised route fails the test until added. */
const PARAMS: Record<string, (seed: Seed) => string> = {
  '/weekly-sheets/:weeklySheetId/loans': (seed) => `/weekly-sheets/${seed.sheetId}/loans`,
  '/reports/financial-summary/:date': () => `/reports/financial-summary/${businessToday()}`,
  '/loans/:loanId/estado-de-cuenta': (seed) => `/loans/${seed.first.id}/estado-de-cuenta`,
};

function addressOf(path: string, seed: Seed): string {
  if (!path.includes(':')) return path;
  const make = PARAMS[path];
  if (!make) throw new Error(`Ruta con parámetros sin dirección de prueba: ${path}`);
  return make(seed);
}

/** The screen has painted its content: a new h1 in <main>, nothing loading, <main> still a moment, no animation. */
async function screenReady(page: Page) {
  await page.locator('main h1:not([data-a11y-seen])').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      const busy = '[data-testid="loading-spinner"], [aria-busy="true"], [aria-label="Cargando"]';
      // biome-ignore lint/performance/useDomNodeTextContent: only the text shown says the screen still loads
      return !main.querySelector(busy) && !/Cargando|Calculando/.test(main.innerText);
    },
    undefined,
    { timeout: 20_000 },
  );
  // Data that arrives late re-renders without a loading mark (a button enabled, fading in): wait it out.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const main = document.querySelector('main')!;
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          clearTimeout(quiet);
          resolve();
        };
        let quiet = setTimeout(done, 200);
        const cap = setTimeout(done, 3000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 200);
        });
        observer.observe(main, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
  await animationsDone(page);
}

/** In-app navigation (the router hears popstate): no reload, no new boot of the store and its sync engine. */
async function visit(page: Page, address: string) {
  await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return;
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-a11y-seen', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
  try {
    await screenReady(page);
  } catch (error) {
    const shot = join(tmpdir(), `a11y-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${address} no terminó de cargar (captura en ${shot}): ${String(error)}`);
  }
}

async function audit(page: Page, screen: string, width: number, findings: Finding[]) {
  // Only violations get their details worked out: axe runs in about half the time.
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  for (const v of result.violations) {
    if (!BLOCKING.has(v.impact ?? '')) continue;
    for (const node of v.nodes)
      findings.push({
        screen,
        width,
        rule: v.id,
        impact: v.impact ?? '',
        target: node.target.join(' '),
        detail: node.any[0]?.message ?? v.help,
      });
  }
}

const readable = (findings: Finding[]) =>
  findings
    .map((f) => `${f.screen} @${f.width}px  ${f.rule} (${f.impact})  ${f.target}\n    ${f.detail}`)
    .join('\n');

/** Presses Tab (or Shift+Tab) until `target` has the focus; only keys reach the page. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await target.evaluateAll((els) => els.some((el) => el === document.activeElement));
    if (focused) return;
  }
  throw new Error(`el foco no llegó a ${target} con ${max} tabuladores`);
}

let seed: Seed;
/** One signed-in page per width, made by the axe tests and reused by the keyboard ones. */
const pages = new Map<number, Page>();

async function signedIn(width: number): Promise<Page> {
  const made = pages.get(width);
  if (made) return made;
  const page = await browser.newPage(width, 800);
  pages.set(width, page);
  await signIn(page);
  await synced(page);
  return page;
}

const synced = (page: Page) =>
  syncIndicator(page).and(page.locator('[data-state="synced"]')).waitFor({ timeout: 60_000 });

beforeAll(async () => {
  seed = await seedTown();
});

describe('accesibilidad (axe, WCAG 2.1 AA)', () => {
  test('cada ruta del router tiene una dirección de prueba', () => {
    const addresses = appRoutes.map((r) => addressOf(r.path, seed));
    expect(addresses.every((a) => !a.includes(':'))).toBe(true);
    expect(Object.keys(PARAMS).every((p) => appRoutes.some((r) => r.path === p))).toBe(true);
  });

  for (const width of WIDTHS) {
    test(`a ${width} px: login, cada pantalla y los diálogos principales sin violaciones serias ni críticas`, async () => {
      const findings: Finding[] = [];
      const page = await browser.newPage(width, 800);
      pages.set(width, page);

      await page.goto('/login');
      await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
      await audit(page, 'login (sin sesión)', width, findings);
      // Its landmark is in the prerendered HTML too (what paints before the code arrives).
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await (await fetch(`${baseUrl()}/login`)).text()).toMatch(/<main\b/);
      await signIn(page);
      await synced(page);
      await screenReady(page);

      await expect
        .poll(() => page.locator('[data-scope="toast"][data-part="group"]').getAttribute('aria-label'))
        .toBe('Notificaciones');

      for (const route of appRoutes) {
        await visit(page, addressOf(route.path, seed));
        await audit(page, route.path, width, findings);
      }
      await visit(page, '/no-existe');
      await audit(page, '404', width, findings);

      // The sheet's other view.
      await visit(page, addressOf('/weekly-sheets/:weeklySheetId/loans', seed));
      await page.getByRole('button', { name: 'Resumen' }).click();
      await page.getByTestId('resumen-row').first().waitFor();
      // The two view buttons swap colours with a transition: read them when it has ended.
      await animationsDone(page);
      await audit(page, 'hoja · Resumen', width, findings);

      // The loan detail with 'Registrar abono' started.
      await visit(page, `/loans?clientName=${encodeURIComponent(seed.first.client_nombre)}`);
      await page.getByRole('button', { name: `Registrar abono de ${seed.first.client_nombre}` }).click();
      const detail = dialogNamed(page, 'Detalles del Préstamo');
      await detail.getByRole('checkbox', { name: 'Pagado' }).waitFor();
      await animationsDone(page);
      await audit(page, 'préstamo · Registrar abono', width, findings);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      // Cobranza's 'Otro monto' and 'No pagó'.
      await visit(page, '/cobranza');
      await page.getByLabel('Buscar cliente').fill(seed.tag);
      const card = page.locator(`[data-testid="cobranza-card"][data-loan-id="${seed.first.id}"]`);
      await card.getByRole('button', { name: 'Otro monto' }).click();
      const other = page.getByTestId('other-amount-dialog');
      await other.getByLabel('Monto recibido').waitFor();
      await animationsDone(page);
      await audit(page, 'cobranza · Otro monto', width, findings);
      await page.keyboard.press('Escape');
      await other.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'No pagó' }).click();
      const noPayment = page.getByTestId('visit-dialog');
      await noPayment.getByRole('button', { name: 'Guardar visita' }).waitFor();
      await animationsDone(page);
      await audit(page, 'cobranza · No pagó', width, findings);
      await page.keyboard.press('Escape');
      await noPayment.waitFor({ state: 'detached' });

      // An egreso.
      await visit(page, '/egresos');
      await page.getByRole('button', { name: 'Nuevo Egreso' }).click();
      const egreso = page.getByTestId('egreso-dialog');
      await egreso.getByLabel('Importe').waitFor();
      await animationsDone(page);
      await audit(page, 'egresos · Nuevo Egreso', width, findings);
      await page.keyboard.press('Escape');
      await egreso.waitFor({ state: 'detached' });

      if (width < 768) {
        await page.getByTestId('menu-toggle').click();
        await page.getByRole('navigation').getByRole('link').first().waitFor();
        await animationsDone(page);
        await audit(page, 'menú (teléfono)', width, findings);
        await page.keyboard.press('Escape');
      }

      expect(readable(findings)).toBe('');
    }, 150_000);
  }
});

describe('solo con el teclado', () => {
  test('a 360 px: Registrar abono en la lista de préstamos, marcar Pagado y guardar', async () => {
    const page = await signedIn(360);
    const loan = seed.second;
    await visit(page, `/loans?clientName=${encodeURIComponent(loan.client_nombre)}`);
    const register = page.getByRole('button', { name: `Registrar abono de ${loan.client_nombre}` });
    await register.waitFor();
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    const detail = dialogNamed(page, 'Detalles del Préstamo');
    const paid = detail.getByRole('checkbox', { name: 'Pagado' });
    await paid.waitFor();
    await tabTo(page, paid);
    await page.keyboard.press('Space');
    await detail.getByTestId('paid-amount-preview').waitFor();
    const row = detail
      .getByTestId('payment-row')
      .filter({ has: page.getByRole('checkbox', { name: 'Pagado' }) });
    const numero = Number(await row.getAttribute('data-numero'));
    await tabTo(page, row.getByRole('button', { name: 'Guardar' }));
    await page.keyboard.press('Enter');
    const saved = detail.locator(`[data-testid="payment-row"][data-numero="${numero}"]`);
    await saved.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const res = await apiAs<{ data: Loan }>(page, 'GET', `loans/${loan.id}`);
          return res.body.data.amortizacion.find((r) => r.numero_pago === numero)?.pagada;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  test('a 360 px: la cuadrícula del historial toma el foco y se desplaza con las flechas', async () => {
    const page = await signedIn(360);
    await visit(page, '/loans/history');
    const grid = page.getByRole('region', { name: 'Cuadrícula de pagos (desplazable con las flechas)' });
    await tabTo(page, grid);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('a 1280 px: abrir el Resumen de la hoja, buscar el préstamo, marcar Pagó y guardar', async () => {
    const page = await signedIn(1280);
    const loan = seed.first;
    await visit(page, addressOf('/weekly-sheets/:weeklySheetId/loans', seed));
    const resumen = page.getByRole('button', { name: 'Resumen' });
    await tabTo(page, resumen);
    await page.keyboard.press('Enter');
    await expect.poll(() => resumen.getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, page.getByLabel('Buscar cliente o préstamo'));
    await page.keyboard.type(loan.loan_reference);
    await page.getByTestId('resumen-counts').getByText('1 de 2 préstamos coincide').waitFor();
    const row = page.locator(`[data-testid="resumen-row"][data-loan-reference="${loan.loan_reference}"]`);
    const paid = row.getByRole('checkbox', { name: 'Pagó' });
    await tabTo(page, paid);
    await page.keyboard.press('Space');
    await expect.poll(() => paid.isChecked()).toBe(true);
    await tabTo(page, row.getByRole('button', { name: 'Guardar' }));
    await page.keyboard.press('Enter');
    await row.getByTestId('row-status').getByText('Pagado', { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const res = await apiAs<{ data: Loan }>(page, 'GET', `loans/${loan.id}`);
          return res.body.data.amortizacion.some((r) => r.pagada);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
