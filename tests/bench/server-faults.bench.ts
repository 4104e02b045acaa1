// Decision 017: load and faults against the REAL server process (`node --import tsx server/index.ts`, a child
// process on a free loopback port) over a fresh database with a generated tenant, driven by plain fetch with
// bounded concurrency (no load tool: keep-alive connections of Node's own client):
//   1. BENCH_FAULTS_COLLECTORS (200) collectors, each with its own device and a route of BENCH_FAULTS_TOWNS (2)
//      towns, BENCH_FAULTS_CONCURRENCY (50) at a time: a full pull, then one push of BENCH_FAULTS_EDITS (20) edits;
//   2. SIGKILL of the server in the middle of a BENCH_FAULTS_KILL_EDITS (500)-edit push, restart, the same push
//      again;
//   3. a PostgreSQL of its own stopped in `immediate` mode for BENCH_FAULTS_OUTAGE_MS (3000) during a stream of
//      pushes, and started again: the same API process recovers by itself;
//   4. two API processes on one database, one device's overlapping retries sent to both;
//   5. BENCH_FAULTS_CONNECTIONS (10) connections for BENCH_FAULTS_DURATION_MS (8000) each on GET /api/list-loans,
//      POST /api/sync/pull (a 2,000-row page from the middle of a download), POST /api/sync/push (20 edits).
// Every edit sent is then looked up in audit_log, payment_receipts and sync_mutation_results: exactly once.
// Tenant: BENCH_FAULTS_LOANS (20,000) active loans, BENCH_FAULTS_CLIENTS_PER_TOWN (100) clients per town.
// Run alone: npx tsx tests/bench/server-faults.bench.ts
import { randomBytes } from 'node:crypto';
import { createBenchDatabase } from './bench-db';
import { type CollectorsResult, runCollectors } from './faults-collectors';
import { type OnceCheck, onceText, openTargets, routeCollectors, TargetPool, tokensFor } from './faults-data';
import type { Latency } from './faults-http';
import { type KillResult, runKillMidPush } from './faults-kill';
import { type OutageResult, runOutage } from './faults-outage';
import { type Api, errorLines, startApi } from './faults-servers';
import { runThroughput, type ThroughputResult } from './faults-throughput';
import { runTwoServers, type TwoServersResult } from './faults-two-servers';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, ms } from './stats';

export interface FaultsBenchOptions {
  loans: number;
  clientsPerTown: number;
  collectors: number;
  townsPerCollector: number;
  concurrency: number;
  edits: number;
  killEdits: number;
  overlapEdits: number;
  outageLoans: number;
  outageDevices: number;
  outageEdits: number;
  outageMs: number;
  connections: number;
  durationMs: number;
}

export interface FaultsBenchResult {
  options: FaultsBenchOptions;
  generation: GenerateSummary;
  collectors: CollectorsResult;
  kill: KillResult;
  outage: OutageResult;
  twoServers: TwoServersResult;
  throughput: ThroughputResult;
  /** What went wrong: a non-2xx answer, an edit not applied exactly once, a crash, an error in a log. */
  findings: string[];
  totalMs: number;
}

export const faultsOptionsFromEnv = (): FaultsBenchOptions => ({
  loans: envInt('BENCH_FAULTS_LOANS', 20_000),
  clientsPerTown: envInt('BENCH_FAULTS_CLIENTS_PER_TOWN', 100),
  collectors: envInt('BENCH_FAULTS_COLLECTORS', 200),
  townsPerCollector: envInt('BENCH_FAULTS_TOWNS', 2),
  concurrency: envInt('BENCH_FAULTS_CONCURRENCY', 50),
  edits: envInt('BENCH_FAULTS_EDITS', 20),
  killEdits: envInt('BENCH_FAULTS_KILL_EDITS', 500),
  overlapEdits: envInt('BENCH_FAULTS_OVERLAP_EDITS', 200),
  outageLoans: envInt('BENCH_FAULTS_OUTAGE_LOANS', 1_000),
  outageDevices: envInt('BENCH_FAULTS_OUTAGE_DEVICES', 8),
  outageEdits: envInt('BENCH_FAULTS_OUTAGE_EDITS', 60),
  outageMs: envInt('BENCH_FAULTS_OUTAGE_MS', 3_000),
  connections: envInt('BENCH_FAULTS_CONNECTIONS', 10),
  durationMs: envInt('BENCH_FAULTS_DURATION_MS', 8_000),
});

function findingsOf(r: Omit<FaultsBenchResult, 'findings' | 'totalMs'>): string[] {
  const out: string[] = [];
  const once = (what: string, c: OnceCheck) => {
    if (c.once !== c.edits) out.push(`${what}: ${onceText(c)} (${c.examples.join('; ')})`);
  };
  const c = r.collectors;
  if (c.non2xx > 0) out.push(`1: ${c.non2xx} respuestas no 2xx (${c.statuses}): ${c.examples.join('; ')}`);
  if (c.incompletePushes > 0)
    out.push(`1: ${c.incompletePushes} pushes sin aplicar todo: ${c.examples.join('; ')}`);
  once('1', c.once);
  const k = r.kill;
  if (k.firstAnswer !== 'sin respuesta')
    out.push(`2: el push respondió antes del SIGKILL (${k.firstAnswer})`);
  if (k.resendStatus !== 200 || k.resendLastId !== k.edits)
    out.push(`2: el reenvío respondió ${k.resendStatus}, lastMutationId ${k.resendLastId}`);
  once('2', k.once);
  if (k.serverErrors.length)
    out.push(`2: errores en el registro del servidor: ${k.serverErrors.join(' | ')}`);
  const o = r.outage;
  if (!o.serverAlive) out.push('3: el proceso de la API murió durante la caída de PostgreSQL');
  if (o.unexpected > 0) out.push(`3: ${o.unexpected} respuestas ni 2xx ni 503: ${o.examples.join('; ')}`);
  once('3', o.once);
  if (o.serverErrors.length)
    out.push(`3: errores en el registro del servidor: ${o.serverErrors.join(' | ')}`);
  const t = r.twoServers;
  if (t.non2xx > 0) out.push(`4: ${t.non2xx} respuestas no 2xx (${t.statuses}): ${t.examples.join('; ')}`);
  if (t.appliedTwice > 0) out.push(`4: ${t.appliedTwice} mutaciones respondidas 'applied' más de una vez`);
  once('4', t.once);
  for (const e of r.throughput.endpoints)
    if (e.non2xx > 0 || e.examples.length)
      out.push(`5: ${e.name}: ${e.non2xx} no 2xx (${e.statuses}) ${e.examples.join('; ')}`);
  once('5 (push)', r.throughput.pushOnce);
  return out;
}

export async function runFaultsBench(
  options: FaultsBenchOptions,
  log: (line: string) => void = console.log,
): Promise<FaultsBenchResult> {
  const started = performance.now();
  const jwtSecret = randomBytes(32).toString('hex');
  const db = await createBenchDatabase('faults');
  let dropped = false;
  const servers: Api[] = [];
  try {
    log(
      `[fallos] generando ${options.loans} préstamos activos (${options.clientsPerTown} clientes por municipio)…`,
    );
    const { tenant, summary } = await generateTenant(db.sql, {
      loans: options.loans,
      clientsPerMunicipality: options.clientsPerTown,
    });
    log(
      `[fallos] generados ${summary.loans} préstamos / ${summary.amortizations} filas en ${summary.ms.total} ms`,
    );
    const pool = new TargetPool(await openTargets(db.sql, tenant.accountId));
    const towns = pool.municipalities();
    const routeIds = await routeCollectors(
      db.sql,
      tenant.collectorId,
      options.collectors,
      towns,
      options.townsPerCollector,
    );
    const [adminToken, collectorToken, ...routeTokens] = await tokensFor(db.sql, jwtSecret, [
      tenant.adminId,
      tenant.collectorId,
      ...routeIds,
    ]);
    let api = await startApi(db.url, jwtSecret);
    servers.push(api);
    log(`[fallos] servidor listo en ${api.readyMs} ms (${api.url})`);

    const collectors = await runCollectors(
      {
        baseUrl: api.url,
        db: db.sql,
        accountId: tenant.accountId,
        tokens: routeTokens,
        firstTowns: routeIds.map((_, i) => towns[i % towns.length]!),
        pool,
        edits: options.edits,
        concurrency: options.concurrency,
      },
      log,
    );
    const collectorErrors = errorLines(api);

    const killed = await runKillMidPush(
      {
        db: db.sql,
        databaseUrl: db.url,
        jwtSecret,
        accountId: tenant.accountId,
        token: collectorToken!,
        pool,
        edits: options.killEdits,
      },
      api,
      log,
    );
    api = killed.server;
    servers.push(api);

    const second = await startApi(db.url, jwtSecret);
    servers.push(second);
    const twoServers = await runTwoServers(
      { db: db.sql, accountId: tenant.accountId, token: collectorToken!, pool, edits: options.overlapEdits },
      [api, second],
      log,
    );
    await second.stop();

    const throughput = await runThroughput(
      {
        baseUrl: api.url,
        db: db.sql,
        accountId: tenant.accountId,
        adminToken: adminToken!,
        collectorToken: collectorToken!,
        pool,
        connections: options.connections,
        durationMs: options.durationMs,
        edits: options.edits,
      },
      log,
    );
    const lateErrors = errorLines(api);
    for (const s of servers) await s.stop();
    await db.drop();
    dropped = true;

    const outage = await runOutage(
      {
        jwtSecret,
        loans: options.outageLoans,
        devices: options.outageDevices,
        edits: options.outageEdits,
        batch: 3,
        outageMs: options.outageMs,
        paceMs: 50,
      },
      log,
    );
    const partial = {
      options,
      generation: summary,
      collectors,
      kill: killed.result,
      outage,
      twoServers,
      throughput,
    };
    const findings = findingsOf(partial);
    if (collectorErrors.length)
      findings.push(`1: errores en el registro del servidor: ${collectorErrors.join(' | ')}`);
    if (lateErrors.length)
      findings.push(`4/5: errores en el registro del servidor: ${lateErrors.join(' | ')}`);
    return { ...partial, findings, totalMs: Math.round(performance.now() - started) };
  } finally {
    for (const s of servers) if (s.exitCode() === null) await s.stop();
    if (!dropped) await db.drop();
  }
}

const lat = (l: Latency) => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}`;
const secs = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : 'nunca');

export function faultsReport(r: FaultsBenchResult): string {
  const o = r.options;
  const c = r.collectors;
  const k = r.kill;
  const out = r.outage;
  const t = r.twoServers;
  const tables = [
    formatTable(
      `1. ${c.collectors} cobradores (ruta de ${o.townsPerCollector} municipios, dispositivo propio), ${c.concurrency} a ` +
        `la vez: descarga completa + un push de ${c.edits} cambios (inquilino de ${r.generation.loans} préstamos, ` +
        `${r.generation.municipalities} municipios)`,
      ['cifra', 'valor'],
      [
        ['peticiones (pull + push)', String(c.requests)],
        ['errores (no 2xx)', `${c.non2xx} (${c.statuses})`],
        ['tiempo total', secs(c.wallMs)],
        ['peticiones por segundo', String(c.requestsPerSecond)],
        ['páginas de pull / filas descargadas', `${c.pullPages} / ${c.pulledRows}`],
        ['página de pull p50 / p95 / p99 (ms)', lat(c.pull)],
        [
          'un cobrador solo, antes: páginas / filas / p50 (ms)',
          `${c.alone.pages} / ${c.alone.rows} / ${ms(c.alone.pageMs.p50)}`,
        ],
        ['push p50 / p95 / p99 (ms)', lat(c.push)],
        ['pushes 200 sin aplicar todo', String(c.incompletePushes)],
        ['cambios en audit_log', onceText(c.once)],
      ],
    ),
    formatTable(
      `2. SIGKILL del servidor a mitad de un push de ${k.edits} cambios; reinicio y reenvío de los mismos`,
      ['cifra', 'valor'],
      [
        ['SIGKILL tras enviar el push', `${k.killAfterMs} ms`],
        ['confirmados al morir', `${k.committedAtKill}/${k.edits}`],
        ['el dispositivo recibió', k.firstAnswer],
        ['reinicio hasta /api/health 200', secs(k.restartMs)],
        ['reenvío: estado / tiempo', `${k.resendStatus} / ${ms(k.resendMs)} ms`],
        ['reenvío: aplicados / repetidos (skipped)', `${k.resendApplied} / ${k.resendReplayed}`],
        ['reenvío: lastMutationId', String(k.resendLastId)],
        ['cambios en audit_log', onceText(k.once)],
      ],
    ),
    formatTable(
      `3. PostgreSQL propio detenido (immediate) ${secs(out.outageMs)} durante ${out.devices} dispositivos enviando ` +
        `${out.edits} cambios; la misma API sin reiniciar`,
      ['cifra', 'valor'],
      [
        ['proceso de la API', out.serverAlive ? 'vivo' : 'MURIÓ'],
        ['pg_ctl start → PostgreSQL responde (recuperación incluida)', secs(out.pgStartMs)],
        ['PostgreSQL de vuelta → primer /api/health 200', secs(out.healthBackMs)],
        ['PostgreSQL de vuelta → primer push aplicado', secs(out.pushBackMs)],
        ['respuestas durante la caída', out.outageStatuses || '—'],
        ["pushes 'transient' (se reintentan)", String(out.transientPushes)],
        ['respuestas ni 2xx ni 503', String(out.unexpected)],
        ['cambios en audit_log', onceText(out.once)],
      ],
    ),
    formatTable(
      `4. Dos procesos de la API sobre una base; un dispositivo con ${t.edits} cambios reintenta cruzado en ambos`,
      ['cifra', 'valor'],
      [
        ['rondas / peticiones', `${t.rounds} / ${t.requests}`],
        ['errores (no 2xx)', `${t.non2xx} (${t.statuses})`],
        ["mutaciones respondidas 'applied' dos veces", String(t.appliedTwice)],
        ['respuestas de repetición (skipped)', String(t.replays)],
        ['push p50 / p95 / p99 (ms)', lat(t.push)],
        ['tiempo total', secs(t.wallMs)],
        ['cambios en audit_log', onceText(t.once)],
      ],
    ),
    formatTable(
      `5. ${r.throughput.connections} conexiones concurrentes, ${secs(r.throughput.durationMs)} por ruta`,
      ['ruta', 'peticiones', 'req/s', 'p50', 'p95', 'p99', 'max', 'no 2xx', 'cada respuesta'],
      r.throughput.endpoints.map((e) => [
        e.name,
        String(e.requests),
        String(e.requestsPerSecond),
        ms(e.latency.p50),
        ms(e.latency.p95),
        ms(e.latency.p99),
        ms(e.latency.max),
        String(e.non2xx),
        e.detail,
      ]),
    ),
  ];
  const verdict = r.findings.length
    ? `\nHallazgos (${r.findings.length}):\n${r.findings.map((f) => `  - ${f}`).join('\n')}`
    : `\nSin hallazgos: 0 errores, ningún cambio aplicado dos veces, ningún proceso caído (push de 5: ${onceText(
        r.throughput.pushOnce,
      )}).`;
  return `${tables.join('\n')}\n${verdict}\nCarga y fallos: ${secs(r.totalMs)}`;
}

if (isMain(import.meta.url)) {
  const result = await runFaultsBench(faultsOptionsFromEnv());
  console.log(faultsReport(result));
  process.exitCode = result.findings.length ? 1 : 0;
}
