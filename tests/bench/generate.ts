// Benchmark data generator: fills an account with a realistic book at a given scale.
// N active loans (one per client, 14 weekly rows each, planned by the demo's LoanPlanner with the real
// schedule and amount rules) in every state (fresh, midway, partial, arrears, vencido), ~15 % more closed
// loans (paid off, or settled by a renewal), plus ~3 % clients without a loan. Written in batches with one
// unnest insert per table, then checked with recomputeLoans and analysed.
import type { Sql } from '../../server/db/connect';
import { recomputeLoans } from '../../server/loans/recompute';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-data';
import { LoanPlanner, type PlanMethod, type PlannedLoan, type Scenario } from '../../server/seed/demo-loans';
import { seededRandom } from '../../server/seed/random';
import { addDays, businessToday, DEFAULT_TIME_ZONE, type IsoDate } from '../../shared/dates';
import { formatLoanReference } from '../../shared/loans/schedule';
import type { ModalidadPago } from '../../shared/loans/terms';
import { insertAmortizations, insertClients, insertLoans, reserveIds } from './generate-insert';
import { type BenchClientDraft, draftClients, draftMunicipalities } from './generate-people';
import { amortizationColumns, loanColumns, zonedClock } from './generate-rows';
import { createBenchTenant } from './tenant';

/** 20 clients → 20 active loans and 3 closed ones (2 renewed, 1 paid off before a new loan). */
export const BENCH_SCENARIOS: readonly Scenario[] = [
  'midway',
  'fresh',
  'partial',
  'midway',
  'arrears',
  'renewal',
  'midway',
  'vencido',
  'partial',
  'paidThenMidway',
  'midway',
  'fresh',
  'arrears',
  'midway',
  'renewal',
  'partial',
  'vencido',
  'midway',
  'fresh',
  'midway',
];

export interface GenerateOptions {
  accountId: number;
  /** Active (not paid) loans: one per client, 14 weekly rows each. */
  loans: number;
  /** The business date the book is built around (default: today in `timeZone`). */
  today?: IsoDate;
  timeZone?: string;
  /** PRNG seed: the same seed, scale and today give the same book. */
  seed?: number;
  /** Clients per municipality (default 2,500: 100k loans → 42 towns). */
  clientsPerMunicipality?: number;
  /** Users of the account recorded as creating the loans and recording the payments (null: none). */
  createdBy?: number | null;
  collectedBy?: number | null;
  /** Clients written per transaction (default 5,000). */
  batchClients?: number;
  /** Check the derived fields with the server's recomputeLoans (default true). */
  verify?: boolean;
  onProgress?: (message: string) => void;
}

export interface GenerateSummary {
  municipalities: number;
  clients: number;
  loans: number;
  /** Not paid: active or vencido. */
  activeLoans: number;
  vencidos: number;
  closedLoans: number;
  renewals: number;
  amortizations: number;
  paidRows: number;
  partialRows: number;
  /** Loans whose derived fields recomputeLoans changed (0 when the generator is right; -1 when not checked). */
  recomputed: number;
  ms: { plan: number; insert: number; verify: number; analyze: number; total: number };
}

const since = (today: IsoDate) => addDays(today, -540);

/** The account's payment methods (the demo's four are added when missing); loans use SEMANAL. */
async function semanalMethod(sql: Sql, accountId: number, at: ReturnType<typeof zonedClock>, today: IsoDate) {
  const createdAt = at(since(today), 9);
  await sql`insert into payment_methods ${sql(
    DEMO_ACCOUNTS[0]!.methods.map((m) => ({
      account_id: accountId,
      modalidad_pago: m.modalidad,
      monto_minimo: m.montoMinimo,
      monto_maximo: m.montoMaximo,
      interes: m.interes,
      total_pagos: m.total_pagos,
      interes_coordinadora: m.interes_coordinadora,
      total_pagos_coordinadora: m.total_pagos_coordinadora,
      interes_empleado: m.interes_empleado,
      total_pagos_empleado: m.total_pagos_empleado,
      requiere_aval: m.requiereAval,
      created_at: createdAt,
      updated_at: createdAt,
    })),
  )} on conflict (account_id, modalidad_pago) do nothing`;
  const [m] = await sql<Record<string, string | number | boolean>[]>`select id, modalidad_pago,
      monto_minimo, monto_maximo, interes, total_pagos, interes_coordinadora, total_pagos_coordinadora,
      interes_empleado, total_pagos_empleado, requiere_aval
    from payment_methods where account_id = ${accountId} and modalidad_pago = 'SEMANAL'`;
  const method: PlanMethod = {
    id: Number(m!.id),
    modalidad: 'SEMANAL',
    montoMinimo: Number(m!.monto_minimo),
    montoMaximo: Number(m!.monto_maximo),
    requiereAval: Boolean(m!.requiere_aval),
    interes: Number(m!.interes),
    total_pagos: Number(m!.total_pagos),
    interes_coordinadora: Number(m!.interes_coordinadora),
    total_pagos_coordinadora: Number(m!.total_pagos_coordinadora),
    interes_empleado: Number(m!.interes_empleado),
    total_pagos_empleado: Number(m!.total_pagos_empleado),
  };
  return method;
}

/** The highest PR-nnnnnn number the account already uses, so new references never collide. */
async function lastReference(sql: Sql, accountId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select coalesce(max(
      substring(loan_reference from '^PR-([0-9]+)$')::bigint), 0)::bigint as n
    from loans where account_id = ${accountId}`;
  return row!.n;
}

const elapsed = (from: number) => Math.round(performance.now() - from);

/** Fills `opts.accountId` with municipalities, clients, payment methods, loans and their rows. */
export async function generateAccountData(sql: Sql, opts: GenerateOptions): Promise<GenerateSummary> {
  const started = performance.now();
  const { accountId } = opts;
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const today = opts.today ?? businessToday(timeZone);
  const rng = seededRandom(opts.seed ?? 20_261_122);
  const at = zonedClock(timeZone);
  const log = opts.onProgress ?? (() => {});
  const batchClients = opts.batchClients ?? 5_000;

  const semanal = await semanalMethod(sql, accountId, at, today);
  const clientCount = opts.loans + Math.round(opts.loans * 0.03);
  const townCount = Math.max(1, Math.ceil(clientCount / (opts.clientsPerMunicipality ?? 2_500)));
  const townDrafts = draftMunicipalities(townCount);
  const townIds = await sql<{ id: number }[]>`insert into municipalities ${sql(
    townDrafts.map((t) => ({
      account_id: accountId,
      name: t.name,
      collection_day: t.collectionDay,
      created_at: at(since(today), 9),
    })),
  )} returning id`;
  const towns = townDrafts.map((t, i) => ({ ...t, id: townIds[i]!.id }));

  const clients = draftClients(clientCount, towns, rng);
  const clientIds = await reserveIds(sql, 'clients', clientCount);
  clients.forEach((c, i) => {
    c.plan.id = clientIds[i]!;
  });
  const planner = new LoanPlanner(today, rng, new Map<ModalidadPago, PlanMethod>([['SEMANAL', semanal]]));
  // The first `loans` clients borrow; the rest (spread over the towns) are registered without a loan.
  for (let i = 0; i < opts.loans; i++)
    planner.plan(clients[i]!.plan, BENCH_SCENARIOS[i % BENCH_SCENARIOS.length]!);
  const loans = planner.finish();
  const offset = await lastReference(sql, accountId);
  loans.forEach((l, i) => {
    l.loanReference = formatLoanReference(offset + i + 1);
  });
  const planMs = elapsed(started);
  log(`plan: ${loans.length} préstamos en ${planMs} ms`);

  // Batches of whole clients (a renewal and the loan it settled travel together), loans in date order.
  const firstLoan = new Map<number, IsoDate>();
  const byBatch: PlannedLoan[][] = Array.from({ length: Math.ceil(clientCount / batchClients) }, () => []);
  for (const l of loans) {
    byBatch[Math.floor(l.client.index / batchClients)]!.push(l);
    if (!firstLoan.has(l.client.index)) firstLoan.set(l.client.index, l.fechaInicio);
  }
  const clientCreatedAt = (c: BenchClientDraft) =>
    at(addDays(firstLoan.get(c.plan.index) ?? today, -rng.int(0, 10)), 9, rng.int(0, 59)).toISOString();

  const insertStarted = performance.now();
  const batchLoanIds: number[][] = [];
  for (const [b, batch] of byBatch.entries()) {
    const batchClientsRows = clients.slice(b * batchClients, (b + 1) * batchClients);
    await sql.begin(async (tx) => {
      await insertClients(tx, accountId, batchClientsRows, batchClientsRows.map(clientCreatedAt));
      const ids = await reserveIds(tx, 'loans', batch.length);
      const idOf = new Map(batch.map((l, i) => [l, ids[i]!]));
      const ctx = { rng, at, idOf, collectorId: opts.collectedBy ?? null };
      await insertLoans(tx, accountId, loanColumns(batch, ctx), opts.createdBy ?? null);
      await insertAmortizations(tx, accountId, amortizationColumns(batch, ctx));
      batchLoanIds.push(ids);
    });
    log(`lote ${b + 1}/${byBatch.length}: ${batch.length} préstamos (${elapsed(insertStarted)} ms)`);
  }
  const insertMs = elapsed(insertStarted);

  const analyzeStarted = performance.now();
  // A bulk load leaves no statistics and no visibility map; a live database has them from autovacuum.
  await sql`vacuum (analyze) municipalities, clients, loans, amortizations, report_daily, report_open_loans`;
  const analyzeMs = elapsed(analyzeStarted);
  // The rows' money becomes the ledger's payments (sql/020), batch by batch, once the planner knows the tables:
  // before the statistics it joined the fresh rows by scanning, minutes for a few thousand loans.
  const ledgerStarted = performance.now();
  for (const ids of batchLoanIds)
    await sql`select ledger_from_row_states(${accountId}, ${sql.array(ids)}::bigint[])`;
  await sql`vacuum (analyze) payments, amortizations, report_daily`;
  log(`libro de pagos: ${elapsed(ledgerStarted)} ms`);
  // With the plan right, the server's own recompute finds nothing to change (and so writes nothing).
  const verifyStarted = performance.now();
  const recomputed = opts.verify === false ? -1 : (await recomputeLoans(sql, accountId, today)).length;
  const verifyMs = elapsed(verifyStarted);

  const rows = loans.flatMap((l) => l.rows);
  return {
    municipalities: towns.length,
    clients: clients.length,
    loans: loans.length,
    activeLoans: loans.filter((l) => !l.derived.pagada).length,
    vencidos: loans.filter((l) => l.derived.vencido).length,
    closedLoans: loans.filter((l) => l.derived.pagada).length,
    renewals: loans.filter((l) => l.previous !== null).length,
    amortizations: rows.length,
    paidRows: rows.filter((r) => r.pagada).length,
    partialRows: rows.filter((r) => !r.pagada && r.parcial > 0).length,
    recomputed,
    ms: { plan: planMs, insert: insertMs, verify: verifyMs, analyze: analyzeMs, total: elapsed(started) },
  };
}

/** A new benchmark account (roles, an administrator and a collector) filled by `generateAccountData`. */
export async function generateTenant(sql: Sql, opts: Omit<GenerateOptions, 'accountId'>) {
  const tenant = await createBenchTenant(sql);
  const summary = await generateAccountData(sql, {
    createdBy: tenant.adminId,
    collectedBy: tenant.collectorId,
    ...opts,
    accountId: tenant.accountId,
  });
  return { tenant, summary };
}
