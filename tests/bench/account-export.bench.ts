// 'Exportar datos' (issue 30), server: the whole account as .xlsx and as JSON through the real
// GET /api/accounts/{id}/export, on a generated tenant of 10,000 active loans (~11,500 with the closed ones,
// ~160,000 schedule rows and their payment events) plus weeks of weekly sheets, visits, cash counts, egresos and
// inversiones. The app's pool has the production statement timeout (5 s), which the export lifts for its own
// transaction. Prints time and size per format, and how long /api/health waited meanwhile (the workbook is
// written on the event loop).
// Run alone: npx tsx tests/bench/account-export.bench.ts
//   (BENCH_EXPORT_LOANS, BENCH_EXPORT_SHEET_WEEKS, BENCH_EXPORT_RUNS)
import { randomBytes } from 'node:crypto';
import { createApp } from '../../server/app';
import { connect, type Sql } from '../../server/db/connect';
import { businessToday, DEFAULT_TIME_ZONE } from '../../shared/dates';
import { login } from './bench-app';
import { createBenchDatabase } from './bench-db';
import { type GenerateSummary, generateTenant } from './generate';
import { envInt, formatTable, isMain, median, ms, msSince } from './stats';

export interface ExportBenchOptions {
  loans: number;
  /** Weeks of weekly sheets, one per municipality a week, each holding the municipality's unpaid loans. */
  sheetWeeks: number;
  runs: number;
}

export interface ExportScenario {
  format: 'xlsx' | 'json';
  times: number[];
  bytes: number;
  /** /api/health, asked every 100 ms during one export: its slowest answer. */
  healthMaxMs: number;
}

export interface ExportBenchResult {
  options: ExportBenchOptions;
  generation: GenerateSummary;
  rows: Record<string, number>;
  scenarios: ExportScenario[];
}

/** Sheets, visits, cash counts, egresos and inversiones around the generated loans, written in bulk. */
async function addBooks(sql: Sql, accountId: number, userId: number, weeks: number) {
  const today = businessToday(DEFAULT_TIME_ZONE);
  await sql`
    insert into weekly_sheets (account_id, municipality_id, coverage_week, coverage_week_end, week, created_by)
    select ${accountId}, m.id, d, d + 6, to_char(d, 'IYYY-"W"IW'), ${userId}
    from municipalities m
    cross join generate_series(1, ${weeks}) w
    cross join lateral (select date_trunc('week', ${today}::date - 7 * w)::date as d) monday
    where m.account_id = ${accountId}`;
  await sql`
    insert into weekly_sheet_loans (account_id, weekly_sheet_id, loan_id, monto_esperado, saldo_a_liquidar, adeudo,
      grupo, client_id, client_nombre, loan_reference, orden_ruta)
    select s.account_id, s.id, l.id, l.abono, l.monto_con_interes - l.abono, l.monto_con_interes - l.abono,
      l.grupo, l.client_id, c.nombre, l.loan_reference, row_number() over (partition by s.id order by l.id)
    from weekly_sheets s
    join loans l on l.account_id = s.account_id and l.municipality_id = s.municipality_id and not l.pagada
    join clients c on c.id = l.client_id
    where s.account_id = ${accountId}`;
  await sql`
    insert into visits (account_id, loan_id, user_id, motivo, fecha, nota, receipt_id, client_time)
    select ${accountId}, l.id, ${userId}, 'NO_ESTABA', ${today}::date - (l.id % 60)::int, 'No abrió', gen_random_uuid(), now()
    from loans l where l.account_id = ${accountId} and l.id % 5 = 0`;
  await sql`
    insert into cash_counts (account_id, user_id, fecha, registrado, contado, diferencia, receipt_id)
    select ${accountId}, ${userId}, ${today}::date - g, 5000 + g, 5000 + g - (g % 3), -(g % 3), gen_random_uuid()
    from generate_series(1, 300) g`;
  const [concept] = await sql<{ id: number }[]>`insert into catalogo_egresos
      (account_id, identificador, concepto, tipo)
    values (${accountId}, 'GASOLINA', 'Gasolina', 'OPERACION') returning id`;
  await sql`
    insert into egresos (account_id, fecha, importe, responsable, catalogo_egreso_id, created_by)
    select ${accountId}, ${today}::date - (g % 365), 100 + (g * 37 % 2000) + 0.25, 'Oficina', ${concept!.id}, ${userId}
    from generate_series(1, 780) g`;
  await sql`
    insert into inversiones (account_id, fecha, importe, responsable, tipo, descripcion, created_by)
    select ${accountId}, ${today}::date - 30 * g, 25000.5, 'Dueña', 'Aportacion', 'Aportación mensual', ${userId}
    from generate_series(1, 12) g`;
  await sql`vacuum (analyze) weekly_sheets, weekly_sheet_loans, visits, cash_counts, egresos, inversiones`;
}

async function rowCounts(sql: Sql, accountId: number): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, number>[]>`select
    (select count(*)::int from clients where account_id = ${accountId}) as clientes,
    (select count(*)::int from loans where account_id = ${accountId}) as prestamos,
    (select count(*)::int from amortizations where account_id = ${accountId}) as calendario,
    (select count(*)::int from payments where account_id = ${accountId}) as pagos,
    (select count(*)::int from visits where account_id = ${accountId}) as visitas,
    (select count(*)::int from weekly_sheet_loans where account_id = ${accountId}) as hojas_prestamos`;
  return row!;
}

export async function runExportBench(
  options: ExportBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ExportBenchResult> {
  const db = await createBenchDatabase('export');
  // The server's own pool: the production statement timeout (server/config.ts), lifted only by the export.
  const appSql = connect(db.url, { embedded: false, max: 4, statementTimeoutMs: 5_000 });
  try {
    log(`[exportar] generando ${options.loans} préstamos activos…`);
    const { tenant, summary } = await generateTenant(db.sql, {
      loans: options.loans,
      onProgress: (m) => log(`[exportar] ${m}`),
    });
    // The seeded ADMINISTRADOR holds every permission; made sure of, since only CUENTAS_GESTIONAR may export.
    await db.sql`insert into role_permissions (role_id, permission)
      select role_id, 'CUENTAS_GESTIONAR' from users where id = ${tenant.adminId} on conflict do nothing`;
    await addBooks(db.sql, tenant.accountId, tenant.collectorId, options.sheetWeeks);
    const rows = await rowCounts(db.sql, tenant.accountId);
    log(`[exportar] filas: ${JSON.stringify(rows)}`);
    const app = createApp({
      sql: appSql,
      config: {
        port: 0,
        databaseUrl: null,
        dataDir: '/tmp/prestamos-bench',
        jwtSecret: randomBytes(32).toString('hex'),
        timeZone: DEFAULT_TIME_ZONE,
        seedDemo: false,
        staticDir: null,
        statementTimeoutMs: 5_000,
      },
    });
    const token = await login(app, tenant.adminEmail, tenant.password);
    const get = async (format: 'xlsx' | 'json') => {
      const res = await app.request(`/api/accounts/${tenant.accountId}/export?formato=${format}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${format}: ${res.status} ${new TextDecoder().decode(body)}`);
      return body.byteLength;
    };
    const scenarios: ExportScenario[] = [];
    for (const format of ['xlsx', 'json'] as const) {
      const times: number[] = [];
      let bytes = 0;
      let healthMaxMs = 0;
      for (let i = 0; i < options.runs; i++) {
        const started = performance.now();
        let done = false;
        const exporting = get(format).finally(() => {
          done = true;
        });
        // On the first run, /api/health every 100 ms until the export is done: how long the app made others wait.
        const health = async () => {
          while (i === 0 && !done) {
            const sent = performance.now();
            await (await app.request('/api/health')).arrayBuffer();
            healthMaxMs = Math.max(healthMaxMs, msSince(sent));
            await new Promise((r) => setTimeout(r, 100));
          }
        };
        [bytes] = await Promise.all([exporting, health()]);
        times.push(msSince(started));
        log(
          `[exportar] ${format} ${i + 1}/${options.runs}: ${ms(times.at(-1)!)} ms, ${(bytes / 1e6).toFixed(1)} MB`,
        );
      }
      scenarios.push({ format, times, bytes, healthMaxMs });
    }
    return { options, generation: summary, rows, scenarios };
  } finally {
    await appSql.end({ timeout: 5 });
    await db.drop();
  }
}

export function exportBenchReport(r: ExportBenchResult): string {
  const rows = Object.entries(r.rows)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return formatTable(
    `Exportar datos de una cuenta: ${r.generation.loans} préstamos (${rows}); PostgreSQL, app.request, ` +
      `tope de 5 s por sentencia en el pool de la app (ms)`,
    ['formato', 'n', 'mediana', 'máx', 'MB', '/api/health máx durante'],
    r.scenarios.map((s) => [
      s.format,
      String(s.times.length),
      ms(median(s.times)),
      ms(Math.max(...s.times)),
      (s.bytes / 1e6).toFixed(1),
      ms(s.healthMaxMs),
    ]),
  );
}

export const exportOptionsFromEnv = (): ExportBenchOptions => ({
  loans: envInt('BENCH_EXPORT_LOANS', 10_000),
  sheetWeeks: envInt('BENCH_EXPORT_SHEET_WEEKS', 8),
  runs: envInt('BENCH_EXPORT_RUNS', 3),
});

if (isMain(import.meta.url)) console.log(exportBenchReport(await runExportBench(exportOptionsFromEnv())));
