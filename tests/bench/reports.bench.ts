// Reports (decision 008), server: a year's financial summary, a year's income statement, the municipality
// detail of a week and the portfolio report on a tenant of 100,000 active loans (~1.6 M amortizations) with a
// year of egresos; many times each; p50 / p95 / max per report (target: p95 < 300 ms).
// Run alone: npx tsx tests/bench/reports.bench.ts   (BENCH_REPORT_LOANS, BENCH_REPORT_ITERATIONS, BENCH_REPORT_BUDGET_MS)
import type { Sql } from '../../server/db/connect';
import { addDays, businessToday, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { mondayOf } from '../../shared/sheets/coverage-week';
import { type BenchApp, createBenchApp, login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, ms, msSince, summarize, type Timings } from './stats';

export interface ReportBenchOptions {
  loans: number;
  iterations: number;
  budgetMs: number;
}

export interface ReportScenario extends Timings {
  name: string;
  path: string;
  bytes: number;
}

export interface ReportBenchResult {
  options: ReportBenchOptions;
  generation: GenerateSummary;
  egresos: number;
  scenarios: ReportScenario[];
  stall: StallResult;
}

/**
 * /api/health while the heaviest reports of the largest range they allow (5 years, docs/reglas-del-negocio.md
 * §8.1) run without pause.
 */
export interface StallResult extends Timings {
  seconds: number;
  reports: number;
  failures: number;
}

const STALL_SECONDS = 20;
const STALL_WORKERS = 4;

async function healthDuringHeaviest(
  app: BenchApp,
  token: string,
  paths: readonly string[],
): Promise<StallResult> {
  const deadline = performance.now() + STALL_SECONDS * 1000;
  let reports = 0;
  let failures = 0;
  const worker = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i++) {
      const res = await app.request(paths[i % paths.length]!, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (res.status === 200) reports++;
      else failures++;
    }
  };
  const health = async () => {
    const times: number[] = [];
    while (performance.now() < deadline) {
      const sent = performance.now();
      const res = await app.request('/api/health');
      await res.arrayBuffer();
      times.push(msSince(sent));
      if (res.status !== 200) failures++;
      await new Promise((r) => setTimeout(r, 100));
    }
    return times;
  };
  const [times] = await Promise.all([
    health(),
    ...Array.from({ length: STALL_WORKERS }, (_, i) => worker(i)),
  ]);
  return { seconds: STALL_SECONDS, reports, failures, ...summarize(times) };
}

/** ~15 egresos a week for a year, over the demo's catalogue kinds. */
async function insertYearOfEgresos(sql: Sql, accountId: number, userId: number): Promise<number> {
  const today = businessToday(DEFAULT_TIME_ZONE);
  const kinds = [
    ['GASOLINA', 'Gasolina', 'OPERACION'],
    ['RENTA', 'Renta de oficina', 'OPERACION'],
    ['SUELDOS', 'Sueldos', 'OPERACION'],
    ['INTERESES', 'Intereses bancarios', 'FINANCIERO'],
    ['OTROS', 'Papelería', 'OTROS'],
  ] as const;
  const ids: number[] = [];
  for (const [identificador, concepto, tipo] of kinds) {
    const [row] = await sql<
      { id: number }[]
    >`insert into catalogo_egresos (account_id, identificador, concepto, tipo)
      values (${accountId}, ${identificador}, ${concepto}, ${tipo}) returning id::int as id`;
    ids.push(row!.id);
  }
  const n = 52 * 15;
  await sql`
    insert into egresos (account_id, fecha, importe, responsable, catalogo_egreso_id, created_by)
    select ${accountId}, ${today}::date - (g % 365), 100 + (g * 37 % 2000), 'Oficina',
      (${sql.array(ids)}::bigint[])[1 + g % ${ids.length}], ${userId}
    from generate_series(1, ${n}) g`;
  await sql`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${accountId}, 5, 3) on conflict (account_id) do nothing`;
  await sql`analyze egresos`;
  return n;
}

async function measure(app: BenchApp, token: string, name: string, path: string, opts: ReportBenchOptions) {
  const get = async () => {
    const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body)}`);
    return body.byteLength;
  };
  let bytes = 0;
  for (let i = 0; i < 3; i++) bytes = await get();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < opts.iterations; i++) {
    if (i >= 10 && performance.now() - started > opts.budgetMs) break;
    const sent = performance.now();
    await get();
    times.push(msSince(sent));
  }
  return { name, path, bytes, ...summarize(times) };
}

export async function runReportBench(
  options: ReportBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ReportBenchResult> {
  const db = await createBenchDatabase('reports');
  try {
    log(`[reportes] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, {
      loans: options.loans,
      onProgress: (m) => log(`[reportes] ${m}`),
    });
    const egresos = await insertYearOfEgresos(db.sql, tenant.accountId, tenant.adminId);
    const app = createBenchApp(db.sql);
    const token = await login(app, tenant.adminEmail, tenant.password);
    const today = businessToday(DEFAULT_TIME_ZONE);
    const year = `fechaInicio=${addDays(today, -364)}&fechaFin=${today}`;
    const lastWeek = addDays(mondayOf(today), -7);
    const scenarios: [string, string][] = [
      ['resumen financiero, un año', `/api/resumen_creditos_cobros?${year}`],
      ['resumen financiero, un mes', '/api/resumen_creditos_cobros'],
      ['detalle por municipio, una semana', `/api/resumen_creditos_cobros_municipio?fecha=${lastWeek}`],
      ['estado de resultados, un año', `/api/estado-resultados?${year}`],
      ['estado de resultados, un mes', '/api/estado-resultados'],
      ['salud de la cartera, 12 semanas', '/api/reporte-cartera'],
      ['salud de la cartera, un año', `/api/reporte-cartera?${year}`],
    ];
    const results: ReportScenario[] = [];
    for (const [name, path] of scenarios) {
      const r = await measure(app, token, name, path, options);
      results.push(r);
      log(`[reportes] ${name}: p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · max ${ms(r.max)} ms`);
    }
    // The largest range a report allows (5 years, resolveReportRange), every report and its file, four at a time.
    const fiveYears = `fechaInicio=${addDays(today, -5 * 365)}&fechaFin=${today}`;
    const heaviest = ['resumen_creditos_cobros', 'estado-resultados', 'reporte-cartera'].flatMap((r) => [
      `/api/${r}?${fiveYears}`,
      `/api/${r}/file?${fiveYears}`,
    ]);
    const stall = await healthDuringHeaviest(app, token, heaviest);
    log(
      `[reportes] /api/health durante los reportes de 5 años: p50 ${ms(stall.p50)} · p95 ${ms(stall.p95)} · ` +
        `max ${ms(stall.max)} ms (${stall.reports} reportes, ${stall.failures} fallos)`,
    );
    return { options, generation: summary, egresos, scenarios: results, stall };
  } finally {
    await db.drop();
  }
}

export function reportBenchReport(r: ReportBenchResult): string {
  const stall =
    `\n/api/health mientras ${STALL_WORKERS} peticiones seguidas piden los reportes y archivos de 5 años ` +
    `(${r.stall.seconds} s, ${r.stall.reports} reportes, ${r.stall.failures} fallos): ` +
    `p50 ${ms(r.stall.p50)} · p95 ${ms(r.stall.p95)} · max ${ms(r.stall.max)} ms`;
  return `${formatTable(
    `Reportes financieros: ${r.generation.loans} préstamos, ${r.generation.amortizations} amortizaciones, ` +
      `${r.egresos} egresos; PostgreSQL; hasta ${r.options.iterations} peticiones por reporte (ms)`,
    ['reporte', 'n', 'p50', 'p95', 'max', 'KB', '<300'],
    r.scenarios.map((s) => [
      s.name,
      String(s.n),
      ms(s.p50),
      ms(s.p95),
      ms(s.max),
      (s.bytes / 1024).toFixed(1),
      s.p95 < 300 ? 'sí' : 'NO',
    ]),
  )}${stall}`;
}

export const reportOptionsFromEnv = (): ReportBenchOptions => ({
  loans: envInt('BENCH_REPORT_LOANS', 100_000),
  iterations: envInt('BENCH_REPORT_ITERATIONS', 40),
  budgetMs: envInt('BENCH_REPORT_BUDGET_MS', 10_000),
});

if (isMain(import.meta.url)) {
  const result = await runReportBench(reportOptionsFromEnv());
  console.log(reportBenchReport(result));
}
