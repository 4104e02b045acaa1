// Browser: the device side of sync and the collector's screens on a tenant of 20,000 active loans
// (280,000 amortizations plus history), in Debian's Chromium driven by playwright-core, against the real
// server (`node --import tsx server/index.ts`, vite-built client) on a fresh PostgreSQL database. Measures:
//   1. the initial sync into IndexedDB, from the login click to the header indicator's data-state="synced";
//   2. an incremental sync of 100 rows changed on the server by another user ('Sincronizar ahora');
//   3. the loans list: opening it (warm) to its first rows, and a municipality filter to the new count line;
//   4. a payment recorded offline, from 'Guardar' to the row showing 'Pagado';
//   5. the collector slice (decision 020): the collector limited to one town of ~500 loans in scope (moved out
//      of a generated town), first sync on a phone of its own, from the login click to synced.
// Run alone: npx tsx tests/bench/browser-sync.bench.ts
//   (BENCH_BROWSER_LOANS, BENCH_BROWSER_CHANGES, BENCH_BROWSER_RUNS, BENCH_BROWSER_WIDTH/HEIGHT,
//    BENCH_BROWSER_SLICE (loans of step 5's town), CHROME_PATH,
//    BENCH_BROWSER_DIST: a client already built with vite, e.g. another version to compare)
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import type { Sql } from '../../server/db/connect';
import { scopeCuts } from '../../server/sync/scope';
import { DEFAULT_TIME_ZONE } from '../../shared/dates';
import { CHROME_ARGS, CHROME_PATH } from '../e2e/helpers/browser';
import { createBenchDatabase } from './bench-db';
import { type BenchServer, buildClientOnce, startBenchServer } from './bench-server';
import { installProbe, measureInPage, NAME_SHIM, readStore, type WaitResult } from './browser-probe';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms } from './stats';
import type { BenchTenant } from './tenant';

export interface BrowserBenchOptions {
  /** Active loans of the generated tenant. */
  loans: number;
  /** Rows changed on the server before each incremental sync. */
  changes: number;
  /** Repetitions of each cheap measurement (incremental sync, list, filter, offline payment). */
  runs: number;
  width: number;
  height: number;
  /** Loans (in the device's scope) of the collector whose first sync is measured last. */
  sliceLoans: number;
}

interface PullRecord {
  phase: string;
  limit: number;
  /** Absolute ms (epoch): request sent, first response byte, last byte. */
  sent: number;
  firstByte: number;
  end: number;
  bytes: number;
}

export interface PullStats {
  pages: number;
  limit: number;
  /** Σ request sent → first byte (server work plus the round trip). */
  serverMs: number;
  /** Σ first byte → last byte. */
  downloadMs: number;
  /** From the first pull request to the end of the measurement. */
  spanMs: number;
  /**
   * Of that span, the time with no pull request in flight: the device alone parsing and writing pages
   * (while a page is written with the next one already fetched, or the last one).
   */
  deviceOnlyMs: number;
  /** The last page's last byte to the end of the measurement (its apply, the run's end, the indicator). */
  tailMs: number;
  bytes: number;
  /** When the first pull was sent (epoch ms), and the sign-in request of the phase (sent → last byte). */
  firstSent: number;
  loginMs: number | null;
}

export interface Figure {
  name: string;
  /** How it was measured. */
  how: string;
  runs: number[];
  /** Trigger → next animation frame, when measured in the page. */
  frames?: number[];
  target: number;
  note?: string;
}

export interface BrowserBenchResult {
  options: BrowserBenchOptions;
  generation: GenerateSummary;
  buildMs: number;
  initial: {
    ms: number;
    /** Sign-in click → first pull request sent (the sign-in itself, starting the engine and its worker). */
    beforeFirstPullMs: number;
    pulls: PullStats;
    counts: { table: string; device: number; server: number }[];
    /** IndexedDB records the store holds after the first sync (every object store). */
    records: number;
    /** Main-thread tasks over 50 ms during it: how many, their sum and the longest. */
    longTasks: { n: number; totalMs: number; maxMs: number };
  };
  incremental: PullStats[];
  /** The collector limited to one town of `sliceLoans` loans: first sync on a phone of its own. */
  slice: { loans: number; ms: number; beforeFirstPullMs: number; pulls: PullStats };
  figures: Figure[];
  load: { phase: string; loadavg: string }[];
  chromium: string;
}

const ROW_SELECTOR =
  '[data-testid="loans-table"] [data-testid="data-row"], [data-testid="loans-table"] [data-testid="data-card"]';

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The pull requests the page made, with the timing Chromium reports for each. */
function watchPulls(context: BrowserContext) {
  const records: PullRecord[] = [];
  const logins = new Map<string, number>();
  const sizing = new Set<Promise<void>>();
  let phase = 'init';
  context.on('requestfinished', (request: Request) => {
    if (request.url().endsWith('/api/login')) {
      const t = request.timing();
      logins.set(phase, t.responseEnd - t.requestStart);
      return;
    }
    if (!request.url().endsWith('/api/sync/pull')) return;
    const t = request.timing();
    const record: PullRecord = {
      phase,
      limit: Number((request.postDataJSON() as { limit?: number } | null)?.limit ?? Number.NaN),
      sent: t.startTime + t.requestStart,
      firstByte: t.startTime + t.responseStart,
      end: t.startTime + t.responseEnd,
      bytes: Number.NaN,
    };
    records.push(record);
    const sized = request.sizes().then(
      (s) => {
        record.bytes = s.responseBodySize;
      },
      () => {},
    );
    sizing.add(sized);
    void sized.finally(() => sizing.delete(sized));
  });
  return {
    setPhase: (p: string) => {
      phase = p;
    },
    async stats(p: string, measuredEnd: number): Promise<PullStats> {
      await Promise.all(sizing);
      const list = records.filter((r) => r.phase === p).sort((a, b) => a.sent - b.sent);
      // The union of the requests' [sent, end] intervals, in order of sending.
      let covered = 0;
      let reach = Number.NEGATIVE_INFINITY;
      for (const r of list) {
        const from = Math.max(r.sent, reach);
        if (r.end > from) covered += r.end - from;
        reach = Math.max(reach, r.end);
      }
      const spanMs = list.length ? measuredEnd - list[0]!.sent : Number.NaN;
      return {
        pages: list.length,
        limit: list[0]?.limit ?? Number.NaN,
        serverMs: list.reduce((s, r) => s + (r.firstByte - r.sent), 0),
        downloadMs: list.reduce((s, r) => s + (r.end - r.firstByte), 0),
        spanMs,
        deviceOnlyMs: spanMs - covered,
        tailMs: list.length ? measuredEnd - list.at(-1)!.end : Number.NaN,
        bytes: list.reduce((s, r) => s + r.bytes, 0),
        firstSent: list[0]?.sent ?? Number.NaN,
        loginMs: logins.get(p) ?? null,
      };
    },
  };
}

/**
 * What the server's pull would give this account's devices now (server/sync/scope.ts); `towns`: a user limited
 * to those municipalities.
 */
async function serverScopeCounts(sql: Sql, accountId: number, towns: number[] | null = null) {
  const { closedSince } = scopeCuts(Date.now(), DEFAULT_TIME_ZONE);
  const inTowns = (column: string) =>
    towns === null ? sql`true` : sql`${sql(column)} = any(${sql.array(towns)}::bigint[])`;
  const inScope = sql`(not l.pagada or coalesce(l.closed_at, 'infinity') >= ${closedSince})
    and ${inTowns('l.municipality_id')}`;
  const [row] = await sql<
    { loans: number; amortizations: number; clients: number; municipalities: number }[]
  >`
    select
      (select count(*) from loans l where l.account_id = ${accountId} and ${inScope})::int as loans,
      (select count(*) from amortizations a join loans l on l.id = a.loan_id
        where a.account_id = ${accountId} and ${inScope})::int as amortizations,
      (select count(*) from clients where account_id = ${accountId} and ${inTowns('municipality_id')})::int
        as clients,
      (select count(*) from municipalities where account_id = ${accountId} and ${inTowns('id')})::int
        as municipalities`;
  return row!;
}

/**
 * A phone with a persistent, disk-backed profile, as an installed app has: an incognito context keeps IndexedDB
 * in memory and measures 1.3–1.7× faster than a real profile.
 */
async function launchPhone(profile: string, baseUrl: string, options: BrowserBenchOptions) {
  const phone = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: CHROME_ARGS,
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    baseURL: baseUrl,
  });
  await phone.addInitScript(NAME_SHIM);
  await phone.addInitScript(installProbe);
  return phone;
}

/**
 * A town of about `loans` loans in the device's scope, the collector limited to it: clients of the first
 * generated town move to a new one with all their loans, in id order, until that many are in scope.
 */
async function makeSlice(sql: Sql, tenant: BenchTenant, loans: number) {
  const { closedSince } = scopeCuts(Date.now(), DEFAULT_TIME_ZONE);
  const [town] = await sql<{ id: number }[]>`insert into municipalities (account_id, name, collection_day)
    values (${tenant.accountId}, 'Rebanada del cobrador', 'LUNES') returning id`;
  const picked = await sql<{ id: number }[]>`select id from (
      select c.id, sum(count(l.id)) over (order by c.id) as upto from clients c
      join loans l on l.client_id = c.id and l.account_id = c.account_id
        and (not l.pagada or coalesce(l.closed_at, 'infinity') >= ${closedSince})
      where c.account_id = ${tenant.accountId} and c.municipality_id = (select min(municipality_id)
        from clients where account_id = ${tenant.accountId})
      group by c.id) t
    where upto <= ${loans}`;
  const ids = sql.array(picked.map((c) => c.id));
  await sql`update clients set municipality_id = ${town!.id} where id = any(${ids}::bigint[])`;
  await sql`update loans set municipality_id = ${town!.id} where client_id = any(${ids}::bigint[])`;
  await sql`update users set todos_municipios = false where id = ${tenant.collectorId}`;
  await sql`insert into user_municipalities (user_id, municipality_id) values (${tenant.collectorId}, ${town!.id})`;
  const counts = await serverScopeCounts(sql, tenant.accountId, [town!.id]);
  return { town: town!.id, loans: counts.loans };
}

interface Target {
  loan_id: number;
  id: number;
  numero_pago: number;
}

/** The next unpaid row (nothing paid on it yet) of `count` unpaid loans not used before. */
async function nextUnpaidRows(sql: Sql, accountId: number, count: number, used: Set<number>) {
  const rows = await sql<Target[]>`select loan_id, id, numero_pago from (
      select distinct on (a.loan_id) a.loan_id, a.id, a.numero_pago, a.parcial
      from loans l join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
      where l.account_id = ${accountId} and not l.pagada and not a.pagada and not a.renovo
      order by a.loan_id, a.numero_pago
    ) t where parcial = 0
    order by loan_id desc
    limit ${count + used.size}`;
  const picked = rows.filter((r) => !used.has(r.loan_id)).slice(0, count);
  for (const r of picked) used.add(r.loan_id);
  if (picked.length < count) throw new Error(`solo ${picked.length} préstamos con una fila sin pagar`);
  return picked;
}

async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The admin pays each row through POST /api/aplicar-pago (the server's own path, versions and all). */
async function payAsAdmin(baseUrl: string, token: string, rows: readonly Target[]) {
  const queue = [...rows];
  const worker = async () => {
    for (let r = queue.shift(); r; r = queue.shift()) {
      const res = await fetch(`${baseUrl}/api/aplicar-pago`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ loan_id: r.loan_id, id: r.id, pagada: true }),
      });
      if (res.status !== 200)
        throw new Error(`aplicar-pago ${r.loan_id}/${r.id}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

const indicator = (page: Page) => page.getByTestId('sync-indicator');
const waitState = (page: Page, state: string, timeout = 60_000) =>
  page.locator(`[data-testid="sync-indicator"][data-state="${state}"]`).waitFor({ timeout });

/** Opens the phone menu and follows one of its links (an in-app navigation, no page load). */
async function menuLink(page: Page, label: string) {
  await page.getByTestId('menu-toggle').click();
  const link = page.getByTestId('mobile-nav').getByRole('link', { name: label, exact: true });
  await link.waitFor();
  return link;
}

const frameNote = (r: WaitResult[]) => r.map((x) => x.frameMs);

export async function runBrowserSyncBench(
  options: BrowserBenchOptions,
  log: (line: string) => void = console.log,
): Promise<BrowserBenchResult> {
  const load: BrowserBenchResult['load'] = [];
  const noteLoad = (phase: string) => {
    load.push({ phase, loadavg: loadavg() });
    log(`[browser] ${phase} · carga ${loadavg()}`);
  };
  const db = await createBenchDatabase('browser');
  let build: ReturnType<typeof buildClientOnce> | null = null;
  let server: BenchServer | null = null;
  let context: BrowserContext | null = null;
  const profile = mkdtempSync(join(tmpdir(), 'prestamos-bench-profile-'));
  const sliceProfile = mkdtempSync(join(tmpdir(), 'prestamos-bench-profile-'));
  try {
    log(`[browser] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, { loans: options.loans });
    log(
      `[browser] generados ${summary.loans} préstamos / ${summary.amortizations} filas en ${summary.ms.total} ms`,
    );
    // BENCH_BROWSER_DIST: a client already built (another version of it, say) instead of building this one.
    const prebuilt = process.env.BENCH_BROWSER_DIST?.trim();
    build = prebuilt ? { dir: prebuilt, ms: 0, remove: () => {} } : buildClientOnce();
    log(prebuilt ? `[browser] cliente ya construido: ${prebuilt}` : `[browser] vite build en ${build.ms} ms`);
    server = await startBenchServer(db.url, build.dir);
    log(`[browser] servidor en ${server.baseUrl} (pid ${server.pid})`);
    const persistent = await launchPhone(profile, server.baseUrl, options);
    context = persistent;
    const pulls = watchPulls(persistent);
    const page = persistent.pages()[0] ?? (await persistent.newPage());
    const version = (await (await persistent.newCDPSession(page)).send('Browser.getVersion')).product;
    const figures: Figure[] = [];

    // 1. Initial sync, in a new profile (empty IndexedDB).
    const initial = await measureInitialSync(page, db.sql, tenant, null, pulls, noteLoad, log);
    figures.push({
      name: `1. Sincronización inicial (${initial.pulls.pages} páginas de ${initial.pulls.limit})`,
      how: 'clic en \'Iniciar Sesión\' → indicador data-state="synced" (MutationObserver en la página); filas contadas en IndexedDB después',
      runs: [initial.ms],
      // These targets, and the earlier ones, are listed in decision 013 ('Medidas citadas en el código').
      target: 5_000,
    });

    // 2. Incremental sync of `changes` rows changed by the administrator.
    const used = new Set<number>();
    const adminToken = await apiLogin(server.baseUrl, tenant.adminEmail, tenant.password);
    const incremental = await measureIncremental(
      page,
      db.sql,
      tenant,
      server.baseUrl,
      adminToken,
      used,
      pulls,
      options,
      log,
    );
    noteLoad('tras 2 (sincronización incremental)');
    figures.push({
      name: `2. Sincronización incremental (${options.changes} filas cambiadas)`,
      how: "clic en 'Sincronizar ahora' (/sync) → indicador 'running' → 'synced' (MutationObserver en la página); filas verificadas en IndexedDB después",
      runs: incremental.results.map((r) => r.ms),
      frames: frameNote(incremental.results),
      target: 100,
    });

    // 3. Loans list and municipality filter.
    figures.push(...(await measureList(page, options, log)));
    noteLoad('tras 3 (lista de préstamos)');

    // 4. A payment recorded offline.
    figures.push(await measureOfflinePayment(page, persistent, db.sql, tenant, used, options, log));
    noteLoad('tras 4 (pago sin conexión)');

    // 5. The "500-loan collector slice" (decision 020): the collector limited to one town of that many loans (moved
    // out of a generated town, clients and all), signing in on a phone of its own (new profile, empty store).
    const slice = await makeSlice(db.sql, tenant, options.sliceLoans);
    log(`[browser] 5. municipio ${slice.town} con ${slice.loans} préstamos en alcance para el cobrador`);
    await persistent.close();
    context = null;
    const phone = await launchPhone(sliceProfile, server.baseUrl, options);
    context = phone;
    const slicePulls = watchPulls(phone);
    const slicePage = phone.pages()[0] ?? (await phone.newPage());
    const sliceSync = await measureInitialSync(
      slicePage,
      db.sql,
      tenant,
      [slice.town],
      slicePulls,
      noteLoad,
      log,
    );
    figures.push({
      name: `5. Primera sincronización, cobrador de un municipio (${slice.loans} préstamos)`,
      how: 'perfil nuevo; clic en \'Iniciar Sesión\' → indicador data-state="synced"; filas contadas en IndexedDB después',
      runs: [sliceSync.ms],
      target: 500,
      note: `incluye la entrada (${ms(sliceSync.pulls.loginMs ?? Number.NaN)} ms: scrypt N=2^17 en el servidor, decisión 016) y ${ms(sliceSync.beforeFirstPullMs - (sliceSync.pulls.loginMs ?? 0))} ms de arranque de la app`,
    });
    figures.push({
      name: '5b. La misma sincronización, sin la entrada',
      how: 'primer POST /api/sync/pull enviado → indicador data-state="synced": la descarga de la rebanada, guardada y a la vista',
      runs: [sliceSync.ms - sliceSync.beforeFirstPullMs],
      target: 500,
    });

    return {
      options,
      generation: summary,
      buildMs: build.ms,
      initial,
      incremental: incremental.pulls,
      slice: {
        loans: slice.loans,
        ms: sliceSync.ms,
        beforeFirstPullMs: sliceSync.beforeFirstPullMs,
        pulls: sliceSync.pulls,
      },
      figures,
      load,
      chromium: version,
    };
  } finally {
    await context?.close().catch(() => {});
    await server?.stop();
    build?.remove();
    rmSync(profile, { recursive: true, force: true });
    rmSync(sliceProfile, { recursive: true, force: true });
    await db.drop();
  }
}

async function measureInitialSync(
  page: Page,
  sql: Sql,
  tenant: BenchTenant,
  towns: number[] | null,
  pulls: ReturnType<typeof watchPulls>,
  noteLoad: (phase: string) => void,
  log: (line: string) => void,
): Promise<BrowserBenchResult['initial']> {
  const step = towns === null ? '1 (sincronización inicial)' : '5 (cobrador de un municipio)';
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(tenant.collectorEmail);
  await page.getByLabel('Contraseña').fill(tenant.password);
  noteLoad(`antes de ${step}`);
  pulls.setPhase('initial');
  const result = await measureInPage(
    page,
    { trigger: { type: 'click', text: 'Iniciar Sesión' }, until: { kind: 'synced' } },
    () => page.getByRole('button', { name: 'Iniciar Sesión' }).click(),
    600_000,
  );
  pulls.setPhase('idle');
  noteLoad(`tras ${step}`);
  const stats = await pulls.stats('initial', result.done);
  const beforeFirstPullMs = stats.firstSent - result.start;
  log(
    `[browser] ${step}: ${ms(result.ms)} ms, ${stats.pages} páginas de ${stats.limit}; clic → primer pull ${ms(beforeFirstPullMs)} ms (entrada ${ms(stats.loginMs ?? Number.NaN)} ms)`,
  );

  const tasks = (await page.evaluate(() => window.__bench.marks.longTasks)).filter(
    (t) => t.start >= result.start && t.start <= result.done,
  );
  const longTasks = {
    n: tasks.length,
    totalMs: tasks.reduce((sum, t) => sum + t.ms, 0),
    maxMs: Math.max(0, ...tasks.map((t) => t.ms)),
  };
  const tables = ['municipalities', 'clients', 'loans', 'amortizations'] as const;
  const device = await readStore(page, { counts: [...tables] });
  const server = await serverScopeCounts(sql, tenant.accountId, towns);
  const counts = tables.map((table) => ({ table, device: device.counts[table]!, server: server[table] }));
  for (const c of counts)
    if (c.device !== c.server) throw new Error(`IndexedDB ${c.table}: ${c.device}, el servidor: ${c.server}`);
  return {
    ms: result.ms,
    beforeFirstPullMs,
    pulls: stats,
    counts,
    records: device.counts.records ?? 0,
    longTasks,
  };
}

async function measureIncremental(
  page: Page,
  sql: Sql,
  tenant: BenchTenant,
  baseUrl: string,
  adminToken: string,
  used: Set<number>,
  pulls: ReturnType<typeof watchPulls>,
  options: BrowserBenchOptions,
  log: (line: string) => void,
) {
  const link = await menuLink(page, 'Sincronización');
  await link.click();
  await page.waitForURL('**/sync');
  const button = page.getByRole('button', { name: 'Sincronizar ahora' });
  await button.waitFor();
  const results: WaitResult[] = [];
  const stats: PullStats[] = [];
  // One untimed round first: the first run after login warms the code paths (and the server's plans).
  for (let run = 0; run <= options.runs; run++) {
    const targets = await nextUnpaidRows(sql, tenant.accountId, options.changes, used);
    await payAsAdmin(baseUrl, adminToken, targets);
    const ids = targets.map((t) => t.id);
    const server = await sql<{ id: number; version: number }[]>`select id, version from amortizations
      where account_id = ${tenant.accountId} and id = any(${sql.array(ids)}::bigint[])`;
    const loanIds = targets.map((t) => t.loan_id);
    const before = await readStore(page, { get: { store: 'amortizations', ids, loanIds } });
    const early = before.rows.filter((r) => r.pagada === true).length;
    await waitState(page, 'synced');
    const phase = `incremental-${run}`;
    pulls.setPhase(phase);
    const result = await measureInPage(
      page,
      { trigger: { type: 'click', text: 'Sincronizar ahora' }, until: { kind: 'sync-cycle' } },
      () => button.click(),
    );
    pulls.setPhase('idle');
    const after = await readStore(page, { get: { store: 'amortizations', ids, loanIds } });
    const versions = new Map(server.map((r) => [Number(r.id), Number(r.version)]));
    const stale = after.rows.filter((r) => r.pagada !== true || r.version !== versions.get(r.id as number));
    if (stale.length) throw new Error(`${stale.length} filas cambiadas no llegaron a IndexedDB`);
    await new Promise((r) => setTimeout(r, 200));
    const s = await pulls.stats(phase, result.done);
    log(
      `[browser] 2. incremental ${run === 0 ? '(calentamiento)' : run}: ${ms(result.ms)} ms ` +
        `(siguiente frame ${ms(result.frameMs)}), ${s.pages} página(s), servidor ${ms(s.serverMs)} ms, ` +
        `estados ${result.states.join('→')}${early ? `, ${early} filas ya estaban antes del clic` : ''}`,
    );
    if (run > 0) {
      results.push(result);
      stats.push(s);
    }
  }
  return { results, pulls: stats };
}

async function measureList(
  page: Page,
  options: BrowserBenchOptions,
  log: (line: string) => void,
): Promise<Figure[]> {
  const toLoans = async () => {
    const link = await menuLink(page, 'Préstamos');
    return measureInPage(
      page,
      {
        trigger: { type: 'click', selector: 'a[href="/loans"]' },
        until: { kind: 'exists', selector: ROW_SELECTOR },
      },
      () => link.click(),
    );
  };
  const away = async () => {
    const link = await menuLink(page, 'Sincronización');
    await link.click();
    await page.getByRole('button', { name: 'Sincronizar ahora' }).waitFor();
    // Dexie keeps a closed screen's live query result for 3 s: come back after it is gone, as a user would.
    await page.waitForTimeout(4000);
  };
  // First visit (its code chunk and the first read of 20,000 loans), then warm visits.
  const first = await toLoans();
  log(`[browser] 3. lista, primera visita: ${ms(first.ms)} ms`);
  const warm: WaitResult[] = [];
  for (let i = 0; i < options.runs; i++) {
    await away();
    const r = await toLoans();
    warm.push(r);
    log(`[browser] 3. lista, visita ${i + 2}: ${ms(r.ms)} ms (siguiente frame ${ms(r.frameMs)})`);
  }

  // A full page load of /loans (app start, session, store, list), from navigation start.
  const reloads: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    await page.reload();
    await page.locator(ROW_SELECTOR).first().waitFor();
    await waitState(page, 'synced');
    const mark = await page.evaluate(() => window.__bench.marks.firstLoanRow);
    reloads.push(mark ?? Number.NaN);
    log(
      `[browser] 3. /loans recargada: primera fila a ${ms(mark ?? Number.NaN)} ms del inicio de la navegación`,
    );
  }

  // Municipality filter: each town, then all again; the count line must show the device's own numbers.
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  const select = page.getByLabel('Municipio');
  await select.waitFor();
  const options_ = await select
    .locator('option')
    .evaluateAll((els) =>
      els.map((e) => ({ value: (e as HTMLOptionElement).value, label: e.textContent ?? '' })),
    );
  const towns = options_.filter((o) => o.value !== '');
  const stored = await readStore(page, { counts: ['loans'], loansIn: towns.map((t) => Number(t.value)) });
  const counts = { total: stored.counts.loans!, per: stored.perMunicipality };
  // Each town from 'Todos', then back to 'Todos': every choice changes the count line.
  const all = { value: '', label: 'Todos los municipios', shown: counts.total };
  // A town holding every loan would not change the line (a tiny tenant): nothing to time there.
  const sequence = towns
    .map((t, i) => ({ value: t.value, label: t.label, shown: counts.per[i]! }))
    .filter((t) => t.shown !== counts.total)
    .flatMap((t) => [t, all]);
  const toTown: WaitResult[] = [];
  const toAll: WaitResult[] = [];
  while (sequence.length > 0 && toTown.length < Math.max(options.runs, towns.length)) {
    for (const s of sequence) {
      const text = `Mostrando ${s.shown} de ${counts.total} ${counts.total === 1 ? 'préstamo' : 'préstamos'}`;
      const r = await measureInPage(
        page,
        {
          trigger: { type: 'change', selector: 'select' },
          until: { kind: 'text', selector: '[data-testid="loan-count"]', text },
        },
        () => select.selectOption(s.value),
      );
      (s === all ? toAll : toTown).push(r);
      log(`[browser] 3. filtro ${s.label} (${s.shown}): ${ms(r.ms)} ms (siguiente frame ${ms(r.frameMs)})`);
    }
  }
  return [
    {
      name: `3a. Lista de préstamos, primera visita (${counts.total} en el dispositivo)`,
      how: "clic en 'Préstamos' del menú → primera tarjeta de la lista en el DOM (MutationObserver); incluye cargar el código de la pantalla",
      runs: [first.ms],
      frames: [first.frameMs],
      target: 100,
    },
    {
      name: '3b. Lista de préstamos, visitas siguientes (caliente)',
      how: "desde /sync, clic en 'Préstamos' del menú → primera tarjeta en el DOM (MutationObserver)",
      runs: warm.map((r) => r.ms),
      frames: frameNote(warm),
      target: 50,
    },
    {
      name: '3c. /loans recargada (carga completa)',
      how: 'inicio de la navegación (performance.timeOrigin) → primera tarjeta en el DOM; arranque de la app incluido',
      runs: reloads,
      target: 100,
      note: 'referencia: incluye cargar y ejecutar el JS',
    },
    {
      name: `3d. Filtro: elegir un municipio (${towns.length} municipios)`,
      how: "evento 'change' del select Municipio → línea 'Mostrando X de Y préstamos' con las cifras de IndexedDB (MutationObserver)",
      runs: toTown.map((r) => r.ms),
      frames: frameNote(toTown),
      target: 50,
    },
    {
      name: "3e. Filtro: volver a 'Todos los municipios'",
      how: "igual que 3d, de un municipio a 'Todos los municipios'",
      runs: toAll.map((r) => r.ms),
      frames: frameNote(toAll),
      target: 50,
    },
  ];
}

async function measureOfflinePayment(
  page: Page,
  context: BrowserContext,
  sql: Sql,
  tenant: BenchTenant,
  used: Set<number>,
  options: BrowserBenchOptions,
  log: (line: string) => void,
): Promise<Figure> {
  const targets = await nextUnpaidRows(sql, tenant.accountId, options.runs + 1, used);
  const results: WaitResult[] = [];
  for (const [i, t] of targets.entries()) {
    await page.goto(`/loans?loan=${t.loan_id}`);
    await waitState(page, 'synced');
    const dialog = page.getByRole('dialog', { name: 'Detalles del Préstamo' });
    const row = dialog.locator(`[data-testid="payment-row"][data-numero="${t.numero_pago}"]`);
    const edit = row.getByRole('button', { name: `Editar pago ${t.numero_pago}` });
    await edit.waitFor();
    await context.setOffline(true);
    await waitState(page, 'offline');
    await edit.click();
    await row.getByText('Pagado', { exact: true }).click();
    const save = row.getByRole('button', { name: 'Guardar' });
    const r = await measureInPage(
      page,
      {
        trigger: { type: 'click', text: 'Guardar' },
        until: {
          kind: 'text',
          selector: `[data-testid="loan-detail"] [data-testid="payment-row"][data-numero="${t.numero_pago}"] [data-testid="row-status"]`,
          text: 'Pagado',
        },
      },
      () => save.click(),
    );
    await row.getByTestId('row-pending-sync').waitFor();
    // The row shows the save at once; the entry is in the outbox once its transaction commits (it can wait
    // behind a long read). Leaving the page before that would abort it: wait for it, as the app now asks to.
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-pending')) > 0,
      undefined,
      { timeout: 60_000 },
    );
    log(
      `[browser] 4. pago sin conexión ${i === 0 ? '(calentamiento)' : i}: ${ms(r.ms)} ms (siguiente frame ${ms(r.frameMs)})`,
    );
    if (i > 0) results.push(r);
    // Back online: the engine delivers it before the next one.
    await context.setOffline(false);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-pending') === '0',
      undefined,
      { timeout: 60_000 },
    );
  }
  const paid = await sql<{ n: number }[]>`select count(*)::int as n from amortizations
    where account_id = ${tenant.accountId} and pagada and id = any(${sql.array(targets.map((t) => t.id))}::bigint[])`;
  // A payment that did not reach the server is the worst thing the app can do: said in the report (and the
  // phone's outbox with it), never hidden behind a crash of the bench.
  let lost: string | undefined;
  if (paid[0]!.n !== targets.length) {
    const outbox = await readStore(page, { get: { store: 'outbox', ids: targets.map((_, i) => i + 1) } });
    const rows = await sql`select id, pagada, version from amortizations
      where id = any(${sql.array(targets.map((t) => t.id))}::bigint[]) order by id`;
    lost = `SOLO ${paid[0]!.n}/${targets.length} PAGOS LLEGARON AL SERVIDOR`;
    log(`[browser] 4. ${lost}`);
    log(
      `[browser] 4. bandeja: ${JSON.stringify(
        (outbox.rows as Record<string, unknown>[]).map((e) => [
          e.id,
          e.status ?? 'no existe',
          (e.args as { loanId?: number } | undefined)?.loanId,
        ]),
      )}; servidor: ${JSON.stringify(rows)}; objetivos: ${JSON.stringify(targets)}`,
    );
  }
  await indicator(page).waitFor();
  return {
    name: '4. Pago registrado sin conexión',
    how: "context.setOffline(true); clic en 'Guardar' → el estado de la fila dice 'Pagado' (MutationObserver)",
    runs: results.map((r) => r.ms),
    frames: frameNote(results),
    target: 16,
    note: lost,
  };
}

const fmtRuns = (values: readonly number[]) => values.map((v) => ms(v)).join(' / ');

export function browserSyncReport(r: BrowserBenchResult): string {
  const g = r.generation;
  const p = r.initial.pulls;
  const header =
    `\nNavegador (Chromium ${r.chromium}, ${r.options.width}×${r.options.height} móvil, DPR 2, perfil persistente en disco): inquilino de ${g.loans} préstamos ` +
    `(${g.activeLoans} sin pagar), ${g.amortizations} amortizaciones; vite build ${seconds(r.buildMs)}`;
  const initial = formatTable(
    '1. Sincronización inicial (clic en Iniciar Sesión → indicador data-state="synced"; MutationObserver en la página)',
    ['cifra', 'valor'],
    [
      ['total (ms)', `${ms(r.initial.ms)} (objetivo < 5000: ${r.initial.ms < 5_000 ? 'sí' : 'NO'})`],
      ['tamaño de página del pull (limit)', String(p.limit)],
      ['páginas del pull', String(p.pages)],
      ['clic → primer pull (ms)', ms(r.initial.beforeFirstPullMs)],
      ['  de ello, POST /api/login (ms)', ms(p.loginMs ?? Number.NaN)],
      ['Σ envío → primer byte (servidor y red; ms)', ms(p.serverMs)],
      ['Σ descarga (ms)', ms(p.downloadMs)],
      ['primer pull → synced (ms)', ms(p.spanMs)],
      ['  de ello, sin ningún pull en curso (ms)', ms(p.deviceOnlyMs)],
      ['última página → synced (ms)', ms(p.tailMs)],
      ['bytes recibidos (comprimidos)', String(p.bytes)],
      [
        'tareas largas del hilo principal (> 50 ms)',
        `${r.initial.longTasks.n}, Σ ${ms(r.initial.longTasks.totalMs)} ms, la mayor ${ms(r.initial.longTasks.maxMs)} ms`,
      ],
      ...r.initial.counts.map((c) => [`${c.table}: IndexedDB / servidor`, `${c.device} / ${c.server}`]),
      ['registros en IndexedDB tras la primera sincronización', String(r.initial.records)],
    ],
  );
  const inc = r.incremental;
  const incremental = formatTable(
    `2. Pull de cada sincronización incremental`,
    [
      'corrida',
      'páginas',
      'limit',
      'servidor (ms)',
      'sin pull en curso (ms)',
      'última → synced (ms)',
      'bytes',
    ],
    inc.map((s, i) => [
      String(i + 1),
      String(s.pages),
      String(s.limit),
      ms(s.serverMs),
      ms(s.deviceOnlyMs),
      ms(s.tailMs),
      String(s.bytes),
    ]),
  );
  const sp = r.slice.pulls;
  const slice = formatTable(
    `5. Primera sincronización del cobrador de un municipio (${r.slice.loans} préstamos en su alcance)`,
    ['cifra', 'valor'],
    [
      ['total (ms)', `${ms(r.slice.ms)} (objetivo < 500: ${r.slice.ms < 500 ? 'sí' : 'NO'})`],
      ['clic → primer pull (ms)', ms(r.slice.beforeFirstPullMs)],
      ['  de ello, POST /api/login (ms)', ms(sp.loginMs ?? Number.NaN)],
      ['páginas del pull (limit)', `${sp.pages} (${sp.limit})`],
      ['Σ envío → primer byte (servidor y red; ms)', ms(sp.serverMs)],
      ['primer pull → synced (ms)', ms(sp.spanMs)],
      ['  de ello, sin ningún pull en curso (ms)', ms(sp.deviceOnlyMs)],
      ['bytes recibidos (comprimidos)', String(sp.bytes)],
    ],
  );
  const figures = formatTable(
    'Cifras (ms; mediana y máximo de las corridas)',
    ['medición', 'n', 'mediana', 'máx', 'frame med.', 'objetivo', 'ok'],
    r.figures.map((f) => [
      f.name,
      String(f.runs.length),
      ms(median(f.runs)),
      ms(Math.max(...f.runs)),
      f.frames ? ms(median(f.frames)) : '—',
      `< ${f.target}`,
      median(f.runs) < f.target ? 'sí' : 'NO',
    ]),
  );
  const how = r.figures.map(
    (f) => `  ${f.name}: ${f.how}. Corridas: ${fmtRuns(f.runs)}${f.note ? ` (${f.note})` : ''}`,
  );
  const load = r.load.map((l) => `  ${l.phase}: ${l.loadavg}`);
  return [
    header,
    initial,
    incremental,
    slice,
    figures,
    '\nCómo se tomó cada cifra ("frame": hasta el siguiente requestAnimationFrame tras el cambio del DOM):',
    ...how,
    '\nCarga de la máquina (os.loadavg 1/5/15 min):',
    ...load,
  ].join('\n');
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

export const browserOptionsFromEnv = (): BrowserBenchOptions => ({
  loans: envInt('BENCH_BROWSER_LOANS', 20_000),
  changes: envInt('BENCH_BROWSER_CHANGES', 100),
  runs: envInt('BENCH_BROWSER_RUNS', 5),
  width: envInt('BENCH_BROWSER_WIDTH', 360),
  height: envInt('BENCH_BROWSER_HEIGHT', 760),
  sliceLoans: envInt('BENCH_BROWSER_SLICE', 500),
});

if (isMain(import.meta.url)) {
  const result = await runBrowserSyncBench(browserOptionsFromEnv());
  console.log(browserSyncReport(result));
}
