// 'Importar cartera' end to end, as a lender does it: a 10,000-loan .xlsx chosen on /loans/import in Chromium
// (persistent, disk-backed profile), read and checked in the browser, its preview, then sent in batches over HTTP
// to the real server (`server/index.ts` on a port, PostgreSQL, production statement timeout). Prints the time to
// the preview and to the last batch, the browser's JS heap after reading, the server's peak memory (VmHWM), the
// slowest /api/health answer meanwhile, and the same file imported a second time (it must create nothing).
// Run alone: npx tsx tests/bench/import.bench.ts   (BENCH_IMPORT_LOANS, default 10000)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { insertDefaultPaymentMethods } from '../../server/accounts/account-defaults';
import { businessToday, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { COLLECTION_DAYS } from '../../shared/municipalities/schemas';
import { importWorkbook, portfolioRows } from '../e2e/helpers/import-file';
import { createBenchDatabase } from './bench-db';
import { buildClientOnce, startBenchServer } from './bench-server';
import { envInt, formatTable, isMain, msSince } from './stats';
import { createBenchTenant } from './tenant';

export interface ImportBenchResult {
  loans: number;
  fileBytes: number;
  previewMs: number;
  importMs: number;
  againMs: number;
  browserHeapMb: number;
  serverPeakMb: number;
  healthMaxMs: number;
  created: { loans: number; payments: number; paid: string };
}

const TOWNS = Array.from({ length: 20 }, (_, i) => `Municipio ${i + 1}`);

/** VmHWM of a process: the most resident memory it has had. */
function peakMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}

/** Asks /api/health every 100 ms until stopped; resolves with the slowest answer. */
function watchHealth(baseUrl: string) {
  let stop = false;
  let worst = 0;
  const done = (async () => {
    while (!stop) {
      const t = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      worst = Math.max(worst, performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Math.round(worst);
  })();
  return () => {
    stop = true;
    return done;
  };
}

async function chooseAndImport(page: Page, file: string, loans: number) {
  const started = performance.now();
  await page.setInputFiles('#import-file', file);
  await page.getByTestId('import-totals').waitFor({ timeout: 120_000 });
  const previewMs = msSince(started);
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  const sendStarted = performance.now();
  await page.getByRole('button', { name: `Importar ${loans.toLocaleString('es-MX')} préstamos` }).click();
  await page.getByText(/^Listo:/).waitFor({ timeout: 300_000 });
  return { previewMs, importMs: msSince(sendStarted), heapMb: Math.round(heap / 2 ** 20) };
}

export async function runImportBench(
  loans = envInt('BENCH_IMPORT_LOANS', 10_000),
): Promise<ImportBenchResult> {
  const db = await createBenchDatabase('import');
  const build = buildClientOnce();
  const work = mkdtempSync(join(tmpdir(), 'prestamos-bench-import-'));
  const profile = join(work, 'profile');
  try {
    const tenant = await createBenchTenant(db.sql);
    await insertDefaultPaymentMethods(db.sql, tenant.accountId);
    await db.sql`insert into municipalities ${db.sql(
      TOWNS.map((name, i) => ({
        account_id: tenant.accountId,
        name,
        collection_day: COLLECTION_DAYS[i % COLLECTION_DAYS.length],
      })),
    )}`;
    const file = join(work, `cartera-${loans}.xlsx`);
    const bytes = importWorkbook(portfolioRows(loans, TOWNS, businessToday(DEFAULT_TIME_ZONE)));
    writeFileSync(file, bytes);

    const server = await startBenchServer(db.url, build.dir);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Correo electrónico').fill(tenant.adminEmail);
      await page.getByLabel('Contraseña').fill(tenant.password);
      await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto(`${server.baseUrl}/loans/import`);
      await page.getByRole('button', { name: 'Elegir archivo' }).waitFor({ timeout: 60_000 });

      const health = watchHealth(server.baseUrl);
      const first = await chooseAndImport(page, file, loans);
      const healthMaxMs = await health();
      const [created] = await db.sql<{ loans: number; payments: number; paid: string }[]>`select
        (select count(*)::int from loans where account_id = ${tenant.accountId}) as loans,
        (select count(*)::int from payments where account_id = ${tenant.accountId}) as payments,
        (select coalesce(sum(amount), 0)::text from payments where account_id = ${tenant.accountId}) as paid`;

      await page.goto(`${server.baseUrl}/loans/import`);
      await page.getByRole('button', { name: 'Elegir archivo' }).waitFor({ timeout: 60_000 });
      const again = await chooseAndImport(page, file, loans);
      const serverPeakMb = peakMb(server.pid);
      return {
        loans,
        fileBytes: bytes.length,
        previewMs: first.previewMs,
        importMs: first.importMs,
        againMs: again.importMs,
        browserHeapMb: first.heapMb,
        serverPeakMb,
        healthMaxMs,
        created: created!,
      };
    } finally {
      await context.close();
      await server.stop();
    }
  } finally {
    build.remove();
    rmSync(work, { recursive: true, force: true });
    await db.drop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function importBenchReport(r: ImportBenchResult): string {
  return formatTable(
    `Importar cartera: ${r.loans.toLocaleString('es-MX')} préstamos (.xlsx de ${(r.fileBytes / 2 ** 20).toFixed(1)} MB) en Chromium`,
    [
      'leer y revisar',
      'importar',
      'total',
      'otra vez (nada nuevo)',
      'heap del navegador',
      'pico del servidor',
      '/api/health máx.',
      'creados',
    ],
    [
      [
        seconds(r.previewMs),
        seconds(r.importMs),
        seconds(r.previewMs + r.importMs),
        seconds(r.againMs),
        `${r.browserHeapMb} MB`,
        `${r.serverPeakMb} MB`,
        `${r.healthMaxMs} ms`,
        `${r.created.loans} préstamos, ${r.created.payments} pagos, $${r.created.paid}`,
      ],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runImportBench();
  console.log(importBenchReport(result));
}
