// The payment ledger's throughput (decision 021): how many payment edits one account's phones push per second
// in steady state, over HTTP to the real server process (server/index.ts, as `npm start` runs it) on a fresh
// database with a generated tenant.
// `connections` devices of the tenant's collector, each on its own keep-alive connection, send 20-edit pushes
// back to back for `durationMs`; a loan is in at most one push at a time, and the route walks the loans round and
// round (each visit pays the loan's next open row, or half of it), so the run never runs out of work.
// Prints edits per second and the latency of a push (p50 / p95 / p99 / max), then checks every edit is in the
// books exactly once.
//
// Run alone: npx tsx tests/bench/push-throughput.bench.ts
//   BENCH_THROUGHPUT_LOANS (20,000), BENCH_THROUGHPUT_CONNECTIONS (10), BENCH_THROUGHPUT_SECONDS (60),
//   BENCH_THROUGHPUT_EDITS (20), BENCH_EDIT_KIND=amortization.update for the previous version's row edits
//   (default payment.record, what this version's phones send).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../server/db/connect';
import { businessToday } from '../../shared/dates';
import type { Mutation, PushResponse } from '../../shared/sync/types';
import { createBenchDatabase } from './bench-db';
import {
  type Device,
  type EditKind,
  editKindFromEnv,
  type OnceCheck,
  onceText,
  tokensFor,
  uniqueReceiptId,
  verifyOnce,
} from './faults-data';
import { callJson, type Latency, latencyOf, runClosedLoop, Tally } from './faults-http';
import { errorLines, startApi } from './faults-servers';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, ms } from './stats';

export interface ThroughputBenchOptions {
  loans: number;
  connections: number;
  durationMs: number;
  edits: number;
  kind: EditKind;
}

export const throughputOptionsFromEnv = (): ThroughputBenchOptions => ({
  loans: envInt('BENCH_THROUGHPUT_LOANS', 20_000),
  connections: envInt('BENCH_THROUGHPUT_CONNECTIONS', 10),
  durationMs: envInt('BENCH_THROUGHPUT_SECONDS', 60) * 1000,
  edits: envInt('BENCH_THROUGHPUT_EDITS', 20),
  kind: editKindFromEnv(),
});

export interface ThroughputBenchResult {
  options: ThroughputBenchOptions;
  generation: GenerateSummary;
  pushes: number;
  editsPerSecond: number;
  latency: Latency;
  statuses: string;
  problems: string[];
  once: OnceCheck;
  /** 1-minute load average when the run ended (the two cores are shared by the server, PostgreSQL and us). */
  load: number;
}

interface OpenRow {
  id: number;
  version: number;
  /** What the row still lacks, and what it has received (centavos). */
  lacks: number;
  parcial: number;
}

interface RouteLoan {
  id: number;
  rows: OpenRow[];
  busy: boolean;
}

/** Each unpaid loan with its open rows in order, as the route will pay them. */
async function routeLoans(db: Db, accountId: number): Promise<RouteLoan[]> {
  const rows = await db<{ loan_id: number; id: number; version: number; lacks: string; parcial: string }[]>`
    select a.loan_id, a.id, a.version, (coalesce(a.monto, l.abono) - a.parcial)::text as lacks,
      a.parcial::text as parcial
    from loans l
    join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    where l.account_id = ${accountId} and not l.pagada and not a.pagada and not a.renovo
    order by l.municipality_id, l.grupo, a.loan_id, a.numero_pago`.catch(
    // Before sql/020 rows have no amount of their own: each is one abono.
    () => db<{ loan_id: number; id: number; version: number; lacks: string; parcial: string }[]>`
      select a.loan_id, a.id, a.version, (l.abono - a.parcial)::text as lacks, a.parcial::text as parcial
      from loans l
      join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
      where l.account_id = ${accountId} and not l.pagada and not a.pagada and not a.renovo
      order by l.municipality_id, l.grupo, a.loan_id, a.numero_pago`,
  );
  const loans = new Map<number, RouteLoan>();
  const cents = (text: string) => Math.round(Number(text) * 100);
  for (const r of rows) {
    const loan = loans.get(r.loan_id) ?? { id: r.loan_id, rows: [], busy: false };
    loans.set(r.loan_id, loan);
    loan.rows.push({ id: r.id, version: r.version, lacks: cents(r.lacks), parcial: cents(r.parcial) });
  }
  return [...loans.values()].filter((l) => l.rows.length > 0);
}

/** Hands out loans round and round, never one that is in a push still unanswered or has nothing left to pay. */
class Route {
  private next = 0;
  constructor(private readonly loans: RouteLoan[]) {}

  take(count: number): RouteLoan[] {
    const out: RouteLoan[] = [];
    for (let seen = 0; seen < this.loans.length && out.length < count; seen++) {
      const loan = this.loans[this.next]!;
      this.next = (this.next + 1) % this.loans.length;
      if (loan.busy || loan.rows.length === 0) continue;
      loan.busy = true;
      out.push(loan);
    }
    return out;
  }
}

/** The next edit on each loan: four in five pay the open row's rest, the others half of it. */
function editsOf(loans: readonly RouteLoan[], firstId: number, kind: EditKind): Mutation[] {
  const today = businessToday();
  return loans.map((loan, i) => {
    const row = loan.rows[0]!;
    const amount = i % 5 === 4 && row.lacks >= 200 ? Math.floor(row.lacks / 200) * 100 : row.lacks;
    const receiptId = uniqueReceiptId();
    const edit: Mutation = {
      id: firstId + i,
      name: kind,
      args:
        kind === 'payment.record'
          ? { receiptId, loanId: loan.id, amount: amount / 100, fecha: today }
          : {
              receiptId,
              loanId: loan.id,
              amortizationId: row.id,
              baseVersion: row.version,
              ...(amount === row.lacks ? { pagada: true } : { parcial: (row.parcial + amount) / 100 }),
            },
      clientTime: new Date().toISOString(),
    };
    if (amount === row.lacks) loan.rows.shift();
    else {
      row.lacks -= amount;
      row.parcial += amount;
    }
    return edit;
  });
}

export async function runThroughputBench(
  options: ThroughputBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ThroughputBenchResult> {
  const jwtSecret = randomBytes(32).toString('hex');
  const db = await createBenchDatabase('throughput');
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    log(`[rendimiento] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, { loans: options.loans });
    const route = new Route(await routeLoans(db.sql, tenant.accountId));
    const [token] = await tokensFor(db.sql, jwtSecret, [tenant.collectorId]);
    api = await startApi(db.url, jwtSecret);
    log(
      `[rendimiento] ${options.connections} conexiones, ${options.durationMs / 1000} s de pushes de ` +
        `${options.edits} ${options.kind} (${api.url})…`,
    );
    const devices: (Device & { sent: number })[] = Array.from({ length: options.connections }, () => ({
      clientId: randomUUID(),
      mutations: [],
      sent: 0,
    }));
    const push = (connection: number) => {
      const device = devices[connection]!;
      const loans = route.take(options.edits);
      if (loans.length === 0) return null;
      const batch = editsOf(loans, device.sent + 1, options.kind);
      device.sent += batch.length;
      device.mutations.push(...batch);
      return callJson<PushResponse>(api!.url, 'POST', 'sync/push', token!, {
        clientId: device.clientId,
        mutations: batch,
      }).then((answer) => {
        for (const loan of loans) loan.busy = false;
        const done = answer.body?.results?.filter((r) => r.status === 'applied' || r.status === 'conflict');
        if (answer.status === 200 && done?.length !== batch.length) {
          incomplete++;
          const refused = answer.body?.results?.find((r) => r.status === 'rejected');
          if (refused && timed.examples.length < 3)
            timed.examples.push(`push sin aplicar todo: ${refused.reason ?? refused.status}`);
        }
        return answer;
      });
    };
    let incomplete = 0;
    const timed = new Tally();
    // Untimed: each connection opens and the server's caches warm up.
    const tally = new Tally();
    for (let c = 0; c < options.connections; c++) tally.add((await push(c))!, 'calentamiento');
    const { latencies, wallMs } = await runClosedLoop(
      options.connections,
      options.durationMs,
      push,
      timed,
      'push',
    );
    const load = os.loadavg()[0]!;
    const edits = timed.requests * options.edits;
    const once = await verifyOnce(db.sql, tenant.accountId, devices);
    const problems = [
      ...(incomplete ? [`${incomplete} pushes 200 sin aplicar todos sus cambios`] : []),
      ...tally.examples,
      ...timed.examples,
      ...errorLines(api),
    ].map((p) => p.slice(0, 160));
    return {
      options,
      generation: summary,
      pushes: timed.requests,
      editsPerSecond: Math.round((edits * 1000) / wallMs),
      latency: latencyOf(latencies),
      statuses: timed.statuses(),
      problems,
      once,
      load,
    };
  } finally {
    await api?.stop();
    await db.drop();
  }
}

export function throughputReport(r: ThroughputBenchResult): string {
  const o = r.options;
  const l = r.latency;
  return formatTable(
    `POST /api/sync/push por HTTP: ${o.connections} dispositivos de una cuenta, ${o.durationMs / 1000} s, ` +
      `pushes de ${o.edits} ${o.kind} (inquilino de ${r.generation.loans} préstamos)`,
    ['cifra', 'valor'],
    [
      ['pushes', String(r.pushes)],
      ['cambios por segundo', String(r.editsPerSecond)],
      ['push p50 / p95 / p99 / máx (ms)', `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} / ${ms(l.max)}`],
      ['respuestas', r.statuses],
      ['una sola vez', onceText(r.once)],
      ['carga (1 min) al terminar', r.load.toFixed(1)],
      ['problemas', r.problems.length ? r.problems.slice(0, 4).join(' | ') : 'ninguno'],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runThroughputBench(throughputOptionsFromEnv());
  console.log(throughputReport(result));
  process.exit(result.problems.length || result.once.once !== result.once.edits ? 1 : 0);
}
