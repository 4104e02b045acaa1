// Issue 10, browser: a collector opens a 1,000-loan weekly sheet's loans with no signal, on a 360 px phone with
// a persistent, disk-backed Chromium profile (as an installed app has: an incognito context keeps IndexedDB in
// memory and flatters the figure). Real server (vite-built client) on a fresh PostgreSQL database. Measures,
// offline: 'Ver Préstamos' on /weekly-sheets → the first loan card painted (the issue's < 200 ms) and → the
// whole sheet's totals shown; then, with the totals there, 'Resumen' → its first row.
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
  totals: number[];
  resumen: number[];
}

const CARD = '[data-testid="sheet-loan-card"]';
const RESUMEN_ROW = '[data-testid="resumen-row"]';
const TOTALS = '[data-testid="total-cobrado"][data-value]';

async function apiLogin(baseUrl: string, email: string, password: string) {
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
function timeClick(page: Page, click: string, selectors: string[]): Promise<number[]> {
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
    const totals: number[] = [];
    const resumen: number[] = [];
    for (let i = 0; i <= opts.runs; i++) {
      await page.goto('/weekly-sheets');
      await page.locator(link).first().waitFor();
      const [d, t] = await timeClick(page, link, [CARD, TOTALS]);
      const [r] = await timeClick(page, 'button[data-view="resumen"]', [RESUMEN_ROW]);
      // The first run loads the screen's code from the service worker's cache: reported apart as a warm-up.
      if (i > 0) {
        detailed.push(d!);
        totals.push(t!);
        resumen.push(r!);
      }
      log(`[hoja] corrida ${i}: primera tarjeta ${ms(d!)} ms, totales ${ms(t!)} ms, Resumen ${ms(r!)} ms`);
    }
    return { sheetLoans: sheet.loans_count, detailed, totals, resumen };
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
        "'Ver Préstamos' → totales de toda la hoja",
        ms(median(r.totals)),
        ms(Math.max(...r.totals)),
        String(r.totals.length),
        '—',
      ],
      [
        "'Resumen' (totales listos) → primera fila",
        ms(median(r.resumen)),
        ms(Math.max(...r.resumen)),
        String(r.resumen.length),
        '—',
      ],
    ],
  );

if (isMain(import.meta.url)) console.log(sheetBrowserReport(await runSheetBrowserBench()));
