// Weekly sheet (decision 007), server: generate a 1,000-loan municipality's weekly sheet through the real
// POST /api/hoja-de-cobro (first generation, then regenerations that refresh the snapshot) and download its
// .xlsx through GET /api/weekly-sheets/{id}/file, on a fresh database with a generated tenant. Prints median
// and max.
// Run alone: npx tsx tests/bench/sheet-generate.bench.ts   (BENCH_SHEET_LOANS, BENCH_SHEET_RUNS)
import type { GenerateSheetResponse } from '../../shared/sheets/types';
import { createBenchApp, login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms, msSince } from './stats';

export interface SheetBenchResult {
  loans: number;
  sheetLoans: number;
  generation: GenerateSummary;
  firstMs: number;
  refreshMs: number[];
  fileMs: number[];
  fileKb: number;
}

export async function runSheetBench(
  opts = { loans: envInt('BENCH_SHEET_LOANS', 2900), runs: envInt('BENCH_SHEET_RUNS', 5) },
): Promise<SheetBenchResult> {
  const db = await createBenchDatabase('sheet');
  try {
    const { tenant, summary } = await generateTenant(db.sql, {
      loans: opts.loans,
      clientsPerMunicipality: opts.loans * 2,
    });
    const app = createBenchApp(db.sql);
    const token = await login(app, tenant.adminEmail, tenant.password);
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const [town] = await db.sql<{ id: number }[]>`select municipality_id as id from loans
      where account_id = ${tenant.accountId} group by municipality_id order by count(*) desc limit 1`;
    const generate = async () => {
      const started = performance.now();
      const res = await app.request('/api/hoja-de-cobro', {
        method: 'POST',
        headers,
        body: JSON.stringify({ municipalityId: town!.id, paymentId: 1 }),
      });
      const body = (await res.json()) as GenerateSheetResponse;
      if (res.status >= 300) throw new Error(`hoja-de-cobro: ${res.status} ${JSON.stringify(body)}`);
      return { ms: msSince(started), sheet: body.data };
    };
    const first = await generate();
    const refreshMs: number[] = [];
    for (let i = 0; i < opts.runs; i++) refreshMs.push((await generate()).ms);
    const fileMs: number[] = [];
    let fileKb = 0;
    for (let i = 0; i <= opts.runs; i++) {
      const started = performance.now();
      const res = await app.request(`/api/weekly-sheets/${first.sheet.id}/file`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`file: ${res.status}`);
      if (i > 0) fileMs.push(msSince(started));
      fileKb = Math.round(bytes / 102.4) / 10;
    }
    return {
      loans: opts.loans,
      sheetLoans: first.sheet.loans_count,
      generation: summary,
      firstMs: first.ms,
      refreshMs,
      fileMs,
      fileKb,
    };
  } finally {
    await db.drop();
  }
}

export const sheetReport = (r: SheetBenchResult) =>
  formatTable(
    `Hoja de cobro: municipio de ${r.loans} préstamos activos, ${r.sheetLoans} en la hoja (PostgreSQL, app.request)`,
    ['medición', 'mediana ms', 'máx ms', 'n'],
    [
      ['generar (primera vez)', ms(r.firstMs), ms(r.firstMs), '1'],
      [
        'generar de nuevo (actualiza la foto)',
        ms(median(r.refreshMs)),
        ms(Math.max(...r.refreshMs)),
        String(r.refreshMs.length),
      ],
      [
        `descargar .xlsx (${r.fileKb} KB)`,
        ms(median(r.fileMs)),
        ms(Math.max(...r.fileMs)),
        String(r.fileMs.length),
      ],
    ],
  );

if (isMain(import.meta.url)) console.log(sheetReport(await runSheetBench()));
