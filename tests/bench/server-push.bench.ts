// Issue 4, server: one device pushes 500 queued `amortization.update` edits through the real
// POST /api/sync/push (createApp + app.request, a collector's login token), on a fresh database with a
// generated tenant. Each repetition is another device with 500 edits of other loans; prints the median.
// Run alone: npx tsx tests/bench/server-push.bench.ts   (BENCH_PUSH_LOANS, BENCH_PUSH_EDITS, BENCH_PUSH_RUNS)
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../server/db/connect';
import type { Mutation, PushResponse } from '../../shared/sync/types';
import { type BenchApp, createBenchApp, login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms, msSince } from './stats';

export interface PushBenchOptions {
  /** Active loans of the generated tenant. */
  loans: number;
  edits: number;
  runs: number;
}

export interface PushBenchResult {
  options: PushBenchOptions;
  generation: GenerateSummary;
  /** Milliseconds of each timed push of `edits` mutations. */
  runs: number[];
  median: number;
}

interface Target {
  loan_id: number;
  id: number;
  version: number;
  abono: string;
}

/** The first open row of each of `count` unpaid loans, town by town and group by group (a collector's route). */
async function pickTargets(sql: Sql, accountId: number, count: number): Promise<Target[]> {
  return sql<Target[]>`select t.loan_id, t.id, t.version, t.abono from (
      select distinct on (a.loan_id) a.loan_id, a.id, a.version, l.abono::text as abono, l.municipality_id,
        l.grupo
      from loans l
      join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
      where l.account_id = ${accountId} and not l.pagada and not a.pagada and not a.renovo
      order by a.loan_id, a.numero_pago
    ) t
    order by t.municipality_id, t.grupo, t.loan_id
    limit ${count}`;
}

/** Four in five mark the row paid; the rest record about half the abono as a partial payment. */
const mutationsFor = (targets: readonly Target[]): Mutation[] =>
  targets.map((t, i) => ({
    id: i + 1,
    name: 'amortization.update',
    args: {
      receiptId: randomUUID(),
      loanId: t.loan_id,
      amortizationId: t.id,
      baseVersion: t.version,
      ...(i % 5 === 4 ? { parcial: Math.floor(Number(t.abono) / 20) * 10 } : { pagada: true }),
    },
    clientTime: new Date(Date.now() - (targets.length - i) * 60_000).toISOString(),
  }));

async function push(app: BenchApp, token: string, mutations: Mutation[]): Promise<number> {
  const started = performance.now();
  const res = await app.request('/api/sync/push', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId: randomUUID(), mutations }),
  });
  const body = (await res.json()) as PushResponse;
  const took = msSince(started);
  const applied = body.results?.filter((r) => r.status === 'applied').length ?? 0;
  if (res.status !== 200 || applied !== mutations.length || body.lastMutationId !== mutations.length)
    throw new Error(`push: ${res.status}, ${applied}/${mutations.length} aplicados: ${JSON.stringify(body)}`);
  return took;
}

export async function runPushBench(
  options: PushBenchOptions,
  log: (line: string) => void = console.log,
): Promise<PushBenchResult> {
  const db = await createBenchDatabase('push');
  try {
    log(`[push] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, { loans: options.loans });
    log(
      `[push] generados ${summary.loans} préstamos / ${summary.amortizations} filas en ${summary.ms.total} ms`,
    );
    const app = createBenchApp(db.sql);
    const token = await login(app, tenant.collectorEmail, tenant.password);
    const warmup = 20;
    const targets = await pickTargets(db.sql, tenant.accountId, warmup + options.edits * options.runs);
    if (targets.length < warmup + options.edits * options.runs)
      throw new Error(`[push] solo ${targets.length} préstamos con filas abiertas`);
    await push(app, token, mutationsFor(targets.slice(0, warmup)));
    const runs: number[] = [];
    for (let r = 0; r < options.runs; r++) {
      const from = warmup + r * options.edits;
      const took = await push(app, token, mutationsFor(targets.slice(from, from + options.edits)));
      runs.push(took);
      log(`[push] corrida ${r + 1}/${options.runs}: ${options.edits} cambios en ${ms(took)} ms`);
    }
    return { options, generation: summary, runs, median: median(runs) };
  } finally {
    await db.drop();
  }
}

export function pushReport(r: PushBenchResult): string {
  const perEdit = r.median / r.options.edits;
  return formatTable(
    `POST /api/sync/push: ${r.options.edits} amortization.update de un dispositivo ` +
      `(inquilino de ${r.generation.loans} préstamos, ${r.generation.amortizations} amortizaciones)`,
    ['cifra', 'valor'],
    [
      ['corridas (ms)', r.runs.map(ms).join(' / ')],
      ['mediana total (ms)', ms(r.median)],
      ['mínimo / máximo (ms)', `${ms(Math.min(...r.runs))} / ${ms(Math.max(...r.runs))}`],
      ['por cambio, mediana (ms)', perEdit.toFixed(2)],
      ['cambios por segundo', String(Math.round(1000 / perEdit))],
    ],
  );
}

export const pushOptionsFromEnv = (): PushBenchOptions => ({
  loans: envInt('BENCH_PUSH_LOANS', 20_000),
  edits: envInt('BENCH_PUSH_EDITS', 500),
  runs: envInt('BENCH_PUSH_RUNS', 5),
});

if (isMain(import.meta.url)) {
  const result = await runPushBench(pushOptionsFromEnv());
  console.log(pushReport(result));
}
