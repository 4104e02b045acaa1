// Weekly sheet (decision 007), browser: a collector opens a 1,000-loan weekly sheet's loans with no signal, on
// a 360 px phone with a persistent, disk-backed Chromium profile (as an installed app has: an incognito context
// keeps IndexedDB in memory and flatters the figure). Real server (vite-built client) on a fresh PostgreSQL
// database. Measures, offline: 'Ver Préstamos' on /weekly-sheets → the first loan card painted (target:
// < 200 ms) and → the whole sheet's totals shown; then, with the totals there, 'Resumen' → its first row.
// Run alone: npx tsx tests/bench/browser-sheet.bench.ts   (BENCH_SHEET_LOANS, BENCH_SHEET_RUNS, CHROME_PATH)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, buildClientOnce, startBenchServer } from './bench-server';
import { apiLogin, collectorPhone, generateSheet, timeClick } from './collector-phone';
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
    const sheet = await generateSheet(server.baseUrl, admin, town!.id);
    log(`[hoja] ${sheet.loans_count} préstamos en la hoja ${sheet.id}`);

    const phone = await collectorPhone(profile, server.baseUrl, {
      email: tenant.collectorEmail,
      password: tenant.password,
    });
    context = phone.context;
    const { page } = phone;
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
