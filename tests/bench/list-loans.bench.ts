// The loans list, server: GET /api/list-loans on a tenant of 100,000 active loans (1.4 M+ amortizations): first
// and deep pages, with municipality / clientName / activos / vencidos filters, many times each; prints
// p50 / p95 / max per scenario (target: p95 ≤ 50 ms).
// Run alone: npx tsx tests/bench/list-loans.bench.ts   (BENCH_LIST_LOANS, BENCH_LIST_ITERATIONS, BENCH_LIST_BUDGET_MS)
import type { Sql } from '../../server/db/connect';
import type { LoanListResponse } from '../../shared/loans/types';
import { type BenchApp, createBenchApp, login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, ms, msSince, summarize, type Timings } from './stats';

export interface ListBenchOptions {
  /** Active loans of the generated tenant. */
  loans: number;
  /** Timed requests per scenario (after 3 warm-up requests)… */
  iterations: number;
  /** …or fewer (at least 10) once the scenario has taken this long, so a slow query cannot stall the run. */
  budgetMs: number;
}

export interface ScenarioResult extends Timings {
  name: string;
  query: string;
  totalItems: number;
}

export interface ListBenchResult {
  options: ListBenchOptions;
  generation: GenerateSummary;
  scenarios: ScenarioResult[];
}

interface Scenario {
  name: string;
  /** Query string without page. */
  filter: Record<string, string>;
  /** Which page, given the number of pages of the filter. */
  page: (totalPages: number) => number;
}

const first = () => 1;
const middle = (pages: number) => Math.max(1, Math.ceil(pages / 2));
const last = (pages: number) => Math.max(1, pages);

/** A town of average size and a client's full name, to filter by. */
async function filterValues(sql: Sql, accountId: number) {
  const [town] = await sql<{ id: number }[]>`select municipality_id as id from loans
    where account_id = ${accountId} group by municipality_id order by count(*) desc, municipality_id limit 1`;
  const [client] = await sql<{ nombre: string }[]>`select nombre from clients
    where account_id = ${accountId} order by id desc offset 1000 limit 1`;
  return { municipalityId: String(town!.id), fullName: client!.nombre };
}

function scenarios(v: { municipalityId: string; fullName: string }): Scenario[] {
  const town = { municipalityId: v.municipalityId };
  return [
    { name: 'sin filtro, página 1', filter: {}, page: first },
    { name: 'sin filtro, página 50', filter: {}, page: () => 50 },
    { name: 'sin filtro, página de en medio', filter: {}, page: middle },
    { name: 'sin filtro, última página', filter: {}, page: last },
    { name: 'sin filtro, 100 por página, p. 1', filter: { limit: '100' }, page: first },
    { name: 'municipio, página 1', filter: town, page: first },
    { name: 'municipio, última página', filter: town, page: last },
    { name: 'clientName apellido, página 1', filter: { clientName: 'garcia' }, page: first },
    { name: 'clientName apellido, última página', filter: { clientName: 'garcia' }, page: last },
    { name: 'clientName nombre completo', filter: { clientName: v.fullName }, page: first },
    { name: 'clientName sin resultados', filter: { clientName: 'zzzz' }, page: first },
    { name: 'activos, página 1', filter: { activos: 'true' }, page: first },
    { name: 'activos, página de en medio', filter: { activos: 'true' }, page: middle },
    { name: 'vencidos, página 1', filter: { vencidos: 'true' }, page: first },
    { name: 'vencidos, última página', filter: { vencidos: 'true' }, page: last },
    { name: 'activos y vencidos, página 1', filter: { activos: 'true', vencidos: 'true' }, page: first },
    { name: 'municipio + activos, página 1', filter: { ...town, activos: 'true' }, page: first },
    {
      name: 'municipio + activos + apellido',
      filter: { ...town, activos: 'true', clientName: 'hernández' },
      page: first,
    },
  ];
}

async function get(app: BenchApp, token: string, query: string): Promise<LoanListResponse> {
  const res = await app.request(`/api/list-loans?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as LoanListResponse;
  if (res.status !== 200) throw new Error(`list-loans ${query}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function measure(
  app: BenchApp,
  token: string,
  s: Scenario,
  opts: Pick<ListBenchOptions, 'iterations' | 'budgetMs'>,
): Promise<ScenarioResult> {
  const probe = await get(app, token, new URLSearchParams(s.filter).toString());
  const page = s.page(probe.pagination.total_pages);
  const query = new URLSearchParams({ ...s.filter, page: String(page) }).toString();
  for (let i = 0; i < 3; i++) await get(app, token, query);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < opts.iterations; i++) {
    if (i >= 10 && performance.now() - started > opts.budgetMs) break;
    const sent = performance.now();
    const body = await get(app, token, query);
    times.push(msSince(sent));
    if (body.data.length === 0 && probe.pagination.total_items > 0)
      throw new Error(`list-loans ${query}: página vacía`);
  }
  return { name: s.name, query, totalItems: probe.pagination.total_items, ...summarize(times) };
}

/** Every scenario on an account that already has its data, signed in with `token`. */
export async function measureScenarios(
  sql: Sql,
  app: BenchApp,
  token: string,
  accountId: number,
  opts: Pick<ListBenchOptions, 'iterations' | 'budgetMs'>,
  log: (line: string) => void = console.log,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const s of scenarios(await filterValues(sql, accountId))) {
    const r = await measure(app, token, s, opts);
    results.push(r);
    log(`[list-loans] ${r.name}: p50 ${ms(r.p50)} · p95 ${ms(r.p95)} · max ${ms(r.max)} ms`);
  }
  return results;
}

export async function runListLoansBench(
  options: ListBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ListBenchResult> {
  const db = await createBenchDatabase('list');
  try {
    log(`[list-loans] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, {
      loans: options.loans,
      onProgress: (m) => log(`[list-loans] ${m}`),
    });
    log(
      `[list-loans] generados ${summary.loans} préstamos / ${summary.amortizations} filas en ${summary.ms.total} ms`,
    );
    const app = createBenchApp(db.sql);
    const token = await login(app, tenant.adminEmail, tenant.password);
    const results = await measureScenarios(db.sql, app, token, tenant.accountId, options, log);
    return { options, generation: summary, scenarios: results };
  } finally {
    await db.drop();
  }
}

export function listLoansReport(r: ListBenchResult): string {
  return formatTable(
    `GET /api/list-loans: ${r.generation.loans} préstamos (${r.generation.activeLoans} sin pagar), ` +
      `${r.generation.amortizations} amortizaciones; hasta ${r.options.iterations} peticiones por escenario (ms)`,
    ['escenario', 'consulta', 'total', 'n', 'p50', 'p95', 'max', '≤50'],
    r.scenarios.map((s) => [
      s.name,
      s.query,
      String(s.totalItems),
      String(s.n),
      ms(s.p50),
      ms(s.p95),
      ms(s.max),
      s.p95 <= 50 ? 'sí' : 'NO',
    ]),
  );
}

export const listOptionsFromEnv = (): ListBenchOptions => ({
  loans: envInt('BENCH_LIST_LOANS', 100_000),
  iterations: envInt('BENCH_LIST_ITERATIONS', 100),
  budgetMs: envInt('BENCH_LIST_BUDGET_MS', 8_000),
});

if (isMain(import.meta.url)) {
  const result = await runListLoansBench(listOptionsFromEnv());
  console.log(listLoansReport(result));
}
