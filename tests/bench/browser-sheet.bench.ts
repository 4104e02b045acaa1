// Issue 10, browser: a collector opens a 1,000-loan weekly sheet's loans with no signal, on a 360 px phone with
// a persistent, disk-backed Chromium profile (as an installed app has: an incognito context keeps IndexedDB in
// memory and flatters the figure). Real server (vite-built client) on a fresh PostgreSQL database. Measures,
// offline: 'Ver Préstamos' on /weekly-sheets → the first loan card painted, and the same for the Resumen view.
// Run alone: npx tsx tests/bench/browser-sheet.bench.ts   (BENCH_SHEET_LOANS, BENCH_SHEET_RUNS, CHROME_PATH)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import type { GenerateSheetResponse } from '../../shared/sheets/types';
import { CHROME_ARGS, CHROME_PATH } from '../e2e/helpers/browser';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, buildClientOnce, startBenchServer } from './bench-server';
import { NAME_SHIM } from './browser-probe';
import { generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms } from './stats';

export interface SheetBrowserResult {
  sheetLoans: number;
  detailed: number[];
  resumen: number[];
}

const CARD = '[data-testid="sheet-loan-card"]';
const RESUMEN_ROW = '[data-testid="resumen-row"]';

async function apiLogin(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Click → first element matching `selector` in the DOM, then the next animation frame, in the page's clock. */
function timeClick(page: Page, click: string, selector: string): Promise<number> {
  return page.evaluate(
    ([clickSelector, target]) =>
      new Promise<number>((resolve) => {
        const button = document.querySelector<HTMLElement>(clickSelector!)!;
        const start = performance.now();
        const seen = () => {
          if (!document.querySelector(target!)) return false;
          requestAnimationFrame(() => resolve(performance.now() - start));
          return true;
        };
        const observer = new MutationObserver(() => {
          if (seen()) observer.disconnect();
        });
        observer.observe(document, { subtree: true, childList: true });
        button.click();
      }),
    [click, selector],
  );
}

async function waitSynced(page: Page) {
  await page.locator('[data-testid="sync-indicator"][data-state="synced"]').waitFor({ timeout: 120_000 });
}

export async function runSheetBrowserBench(
  opts = { loans: envInt('BENCH_SHEET_LOANS', 2900), runs: envInt('BENCH_SHEET_RUNS', 5) },
  log: (line: string) => void = console.log,
): Promise<SheetBrowserResult> {
  const db = await createBenchDatabase('sheetbrowser');
  const build = buildClientOnce();
  const profile = mkdtempSync(join(tmpdir(), 'prestamos-bench-profile-'));
  let server: BenchServer | null = null;
  let context: BrowserContext | null = null;
  try {
    const { tenant } = await generateTenant(db.sql, {
      loans: opts.loans,
      clientsPerMunicipality: opts.loans * 2,
    });
    server = await startBenchServer(db.url, build.dir);
    const admin = await apiLogin(server.baseUrl, tenant.adminEmail, tenant.password);
    const [town] = await db.sql<{ id: number }[]>`select municipality_id as id from loans
      where account_id = ${tenant.accountId} group by municipality_id order by count(*) desc limit 1`;
    const generated = (await (
      await fetch(`${server.baseUrl}/api/hoja-de-cobro`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ municipalityId: town!.id, paymentId: 1 }),
      })
    ).json()) as GenerateSheetResponse;
    const sheet = generated.data;
    log(`[hoja] ${sheet.loans_count} préstamos en la hoja ${sheet.id}`);

    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      args: CHROME_ARGS,
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'es-MX',
      baseURL: server.baseUrl,
    });
    await context.addInitScript(NAME_SHIM);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(tenant.collectorEmail);
    await page.getByLabel('Contraseña').fill(tenant.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/dashboard');
    await waitSynced(page);
    await context.setOffline(true);

    const link = `a[href="/weekly-sheets/${sheet.id}/loans"]`;
    const detailed: number[] = [];
    const resumen: number[] = [];
    for (let i = 0; i <= opts.runs; i++) {
      await page.goto('/weekly-sheets');
      await page.locator(link).first().waitFor();
      const d = await timeClick(page, link, CARD);
      const toggle = page.getByRole('button', { name: 'Resumen' });
      await toggle.waitFor();
      const started = await page.evaluate(() => performance.now());
      await toggle.click();
      await page.locator(RESUMEN_ROW).first().waitFor();
      const r = (await page.evaluate(() => performance.now())) - started;
      // The first run loads the screen's code from the service worker's cache: reported apart as a warm-up.
      if (i > 0) {
        detailed.push(d);
        resumen.push(r);
      }
      log(`[hoja] corrida ${i}: detallada ${ms(d)} ms, Resumen ${ms(r)} ms`);
    }
    return { sheetLoans: sheet.loans_count, detailed, resumen };
  } finally {
    await context?.close().catch(() => {});
    await server?.stop();
    build.remove();
    rmSync(profile, { recursive: true, force: true });
    await db.drop();
  }
}

export const sheetBrowserReport = (r: SheetBrowserResult) =>
  formatTable(
    `Hoja de cobro en el teléfono, sin señal (${r.sheetLoans} préstamos; 360 px, perfil persistente en disco)`,
    ['medición', 'mediana ms', 'máx ms', 'n', 'meta'],
    [
      [
        "'Ver Préstamos' → primera tarjeta pintada",
        ms(median(r.detailed)),
        ms(Math.max(...r.detailed)),
        String(r.detailed.length),
        '< 200',
      ],
      [
        "'Resumen' → primera fila",
        ms(median(r.resumen)),
        ms(Math.max(...r.resumen)),
        String(r.resumen.length),
        '—',
      ],
    ],
  );

if (isMain(import.meta.url)) console.log(sheetBrowserReport(await runSheetBrowserBench()));
