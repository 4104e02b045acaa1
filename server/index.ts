import { serve } from '@hono/node-server';
import { businessToday } from '../shared/dates';
import { createApp } from './app';
import { BackupError } from './backup/control-file';
import { startBackupListener } from './backup/listener';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { warnIfDriverUnpatched } from './db/driver-patch';
import { migrate } from './db/migrate';
import { retryWhileUnavailable } from './db/retry';
import { scheduleDailyRecompute } from './loans/daily-recompute';
import { seedDemo } from './seed/demo';
import { createFirstAdmin, FirstAdminError, firstAdminFromEnv } from './seed/first-admin';
import { mountStatic } from './static';
import { scheduleTombstonePrune } from './sync/prune';

const startedAt = performance.now();
const config = loadConfig();
warnIfDriverUnpatched();
// Embedded: the backup listener starts before PGlite opens the folder, and refuses while `npm run restore` or an
// offline `npm run backup` holds it (decision 024).
const backupListener = config.databaseUrl
  ? null
  : await startBackupListener(config.dataDir).catch((err: unknown) => {
      if (!(err instanceof BackupError)) throw err;
      console.error(`[server] ${err.message}`);
      process.exit(1);
    });
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  statementTimeoutMs: config.statementTimeoutMs,
});
if (db.dumpDataDir) backupListener?.attach(db.dumpDataDir);

// The server listens before the database answers: until it has been reached and migrated, the API answers 503
// (server/http/unavailable.ts) and the app's files are served, instead of the process exiting or refusing.
let ready = false;
let preparing = false;
const app = createApp({ sql: db.sql, config, ready: () => ready, preparing: () => preparing });
if (config.staticDir) mountStatic(app, config.staticDir);

let port = config.port;
let listened: () => void;
const listening = new Promise<void>((resolve) => {
  listened = resolve;
});
const server = serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? '0.0.0.0' },
  (info) => {
    port = info.port;
    listened();
  },
);

let stopJobs = () => {};
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: cerrando…`);
  stopJobs();
  server.close();
  await backupListener?.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** Migrations, then the demo data on an empty database: each a transaction, so a retry after an outage is safe. */
async function prepareDatabase() {
  await db.sql`select 1`;
  preparing = true;
  const applied = await migrate(db.sql);
  if (applied.length > 0) console.log(`[server] Migraciones aplicadas: ${applied.join(', ')}`);
  if (
    config.seedDemo &&
    (await seedDemo(db.sql, { today: businessToday(config.timeZone), timeZone: config.timeZone }))
  ) {
    console.log('[server] Base de datos vacía: se cargaron los datos de demostración.');
  }
  if (!config.seedDemo && (await createFirstAdmin(db.sql, () => firstAdminFromEnv(process.env)))) {
    console.log('[server] Base de datos vacía: se creó la cuenta y su administrador (ADMIN_EMAIL).');
  }
}

await retryWhileUnavailable(prepareDatabase, {
  onWait: (code, delayMs) => {
    preparing = false;
    console.warn(
      `[server] La base de datos no responde (${code}): la API responde 503 en el puerto ${port}; ` +
        `se reintenta en ${(delayMs / 1000).toFixed(2)} s.`,
    );
  },
}).catch((err: unknown) => {
  // A setting the operator must fix (no first administrator, say): said plainly, and the server does not start.
  if (err instanceof FirstAdminError) {
    console.error(`[server] ${err.message}`);
    process.exit(1);
  }
  throw err;
});
const stopRecompute = scheduleDailyRecompute(db.sql, config.timeZone);
const stopPrune = scheduleTombstonePrune(db.sql);
stopJobs = () => {
  stopRecompute();
  stopPrune();
};
ready = true;
await listening;
const where = db.embedded ? `PGlite en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const ms = Math.round(performance.now() - startedAt);
console.log(`[server] Sistema de Préstamos en http://localhost:${port} · ${where} · listo en ${ms} ms`);
