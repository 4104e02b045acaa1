// Push, server: one device pushes 500 queued `amortization.update` edits through the real
// POST /api/sync/push (createApp + app.request, a collector's login token), on a fresh database with a
// generated tenant. Each repetition is another device with 500 edits of other loans; prints the median.
// Run alone: npx tsx tests/bench/server-push.bench.ts   (BENCH_PUSH_LOANS, BENCH_PUSH_EDITS, BENCH_PUSH_RUNS)
// One account under concurrent pushes (decision 015): BENCH_PUSH_CONCURRENCY=10 runs that many devices at once,
// each its own collector (BENCH_PUSH_SAME_USER=1: all the same one), each sending BENCH_PUSH_ROUNDS pushes
// of BENCH_PUSH_EDITS (default 20) edits in a row, over a pool of BENCH_PUSH_POOL (default 10, the server's)
// connections; prints edits per second and the latency of a push (p50, p95, max).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../server/db/connect';
import { connect } from '../../server/db/connect';
import type { Mutation, PushResponse } from '../../shared/sync/types';
import { type BenchApp, createBenchApp, login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms, msSince, summarize, type Timings } from './stats';

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

async function push(
  app: BenchApp,
  token: string,
  mutations: Mutation[],
  clientId: string = randomUUID(),
): Promise<number> {
  const started = performance.now();
  const res = await app.request('/api/sync/push', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId, mutations }),
  });
  const body = (await res.json()) as PushResponse;
  const took = msSince(started);
  const applied = body.results?.filter((r) => r.status === 'applied').length ?? 0;
  const lastId = mutations.at(-1)?.id ?? 0;
  if (res.status !== 200 || applied !== mutations.length || body.lastMutationId !== lastId)
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

export interface ConcurrentPushOptions {
  loans: number;
  /** Edits per push. */
  edits: number;
  /** Devices pushing at once, each its own collector unless `sameUser`. */
  concurrency: number;
  /** Pushes each device sends, one after the other. */
  rounds: number;
  /** Connections of the API's pool. */
  pool: number;
  sameUser: boolean;
}

export interface ConcurrentPushResult {
  options: ConcurrentPushOptions;
  generation: GenerateSummary;
  /** Every timed push's milliseconds. */
  pushes: Timings;
  editsPerSecond: number;
  wallMs: number;
}

/** More collectors of the bench account: the tenant's collector copied under new emails. */
async function moreCollectors(sql: Sql, collectorId: number, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await sql<
    { email: string }[]
  >`insert into users (account_id, role_id, name, email, password_hash)
    select account_id, role_id, name || ' ' || n, 'cobrador-' || n || '-' || id || '@bench.mx', password_hash
    from users, generate_series(2, ${count + 1}) n
    where id = ${collectorId}
    returning email`;
  return rows.map((r) => r.email);
}

/** Mutation ids from `first`, as a device's queue continues across pushes. */
const numbered = (mutations: Mutation[], first: number): Mutation[] =>
  mutations.map((m, i) => ({ ...m, id: first + i }));

export async function runConcurrentPushBench(
  options: ConcurrentPushOptions,
  log: (line: string) => void = console.log,
): Promise<ConcurrentPushResult> {
  const db = await createBenchDatabase('push_concurrent');
  const pool = connect(db.url, { embedded: false, max: options.pool });
  try {
    log(`[push] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, { loans: options.loans });
    const app = createBenchApp(pool);
    // One token per collector: signing in the same user ten times at once trips the login limit.
    const emails = options.sameUser
      ? [tenant.collectorEmail]
      : [
          tenant.collectorEmail,
          ...(await moreCollectors(db.sql, tenant.collectorId, options.concurrency - 1)),
        ];
    const signedIn = await Promise.all(emails.map((email) => login(app, email, tenant.password)));
    const tokens = Array.from({ length: options.concurrency }, (_, d) => signedIn[d % signedIn.length]!);
    // One untimed push per device first: the pool's connections open and the server warms up.
    const perDevice = options.edits * (options.rounds + 1);
    const targets = await pickTargets(db.sql, tenant.accountId, perDevice * options.concurrency);
    if (targets.length < perDevice * options.concurrency)
      throw new Error(`[push] solo ${targets.length} préstamos con filas abiertas`);
    log(`[push] ${options.concurrency} dispositivos × ${options.rounds} envíos de ${options.edits} cambios…`);
    const devices = tokens.map((token, d) => ({
      token,
      clientId: randomUUID(),
      // Each device pays loans of its own stretch of the route, as collectors do.
      mine: targets.slice(d * perDevice, (d + 1) * perDevice),
    }));
    const round = (r: number) =>
      Promise.all(
        devices.map(async ({ token, clientId, mine }) => {
          const batch = mutationsFor(mine.slice(r * options.edits, (r + 1) * options.edits));
          return push(app, token, numbered(batch, r * options.edits + 1), clientId);
        }),
      );
    await round(0);

    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      devices.map(async ({ token, clientId, mine }) => {
        for (let r = 1; r <= options.rounds; r++) {
          const batch = mutationsFor(mine.slice(r * options.edits, (r + 1) * options.edits));
          latencies.push(await push(app, token, numbered(batch, r * options.edits + 1), clientId));
        }
      }),
    );
    const wallMs = msSince(started);
    const edits = options.edits * options.rounds * options.concurrency;
    return {
      options,
      generation: summary,
      pushes: summarize(latencies),
      editsPerSecond: Math.round((edits * 1000) / wallMs),
      wallMs,
    };
  } finally {
    await pool.end({ timeout: 5 });
    await db.drop();
  }
}

export function concurrentPushReport(r: ConcurrentPushResult): string {
  const o = r.options;
  return formatTable(
    `POST /api/sync/push concurrente: ${o.concurrency} dispositivos (${o.sameUser ? 'un cobrador' : 'un cobrador cada uno'}) ` +
      `× ${o.rounds} envíos de ${o.edits} cambios, pool de ${o.pool} (inquilino de ${r.generation.loans} préstamos)`,
    ['cifra', 'valor'],
    [
      ['cambios por segundo', String(r.editsPerSecond)],
      ['envío p50 (ms)', ms(r.pushes.p50)],
      ['envío p95 (ms)', ms(r.pushes.p95)],
      ['envío máximo (ms)', ms(r.pushes.max)],
      ['envíos', String(r.pushes.n)],
      ['tiempo total (ms)', ms(r.wallMs)],
    ],
  );
}

export const concurrentPushOptionsFromEnv = (): ConcurrentPushOptions => ({
  loans: envInt('BENCH_PUSH_LOANS', 20_000),
  edits: envInt('BENCH_PUSH_EDITS', 20),
  concurrency: envInt('BENCH_PUSH_CONCURRENCY', 10),
  rounds: envInt('BENCH_PUSH_ROUNDS', 5),
  pool: envInt('BENCH_PUSH_POOL', 10),
  sameUser: process.env.BENCH_PUSH_SAME_USER === '1',
});

export const pushOptionsFromEnv = (): PushBenchOptions => ({
  loans: envInt('BENCH_PUSH_LOANS', 20_000),
  edits: envInt('BENCH_PUSH_EDITS', 500),
  runs: envInt('BENCH_PUSH_RUNS', 5),
});

if (isMain(import.meta.url)) {
  if (process.env.BENCH_PUSH_CONCURRENCY) {
    console.log(concurrentPushReport(await runConcurrentPushBench(concurrentPushOptionsFromEnv())));
  } else {
    const result = await runPushBench(pushOptionsFromEnv());
    console.log(pushReport(result));
  }
}
