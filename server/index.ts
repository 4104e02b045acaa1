import { serve } from '@hono/node-server';
import { businessToday } from '../shared/dates';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { scheduleDailyRecompute } from './loans/daily-recompute';
import { seedDemo } from './seed/demo';
import { mountStatic } from './static';
import { scheduleTombstonePrune } from './sync/prune';

const startedAt = performance.now();
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db.sql);
if (applied.length > 0) console.log(`[server] Migraciones aplicadas: ${applied.join(', ')}`);
if (
  config.seedDemo &&
  (await seedDemo(db.sql, { today: businessToday(config.timeZone), timeZone: config.timeZone }))
) {
  console.log('[server] Base de datos vacía: se cargaron los datos de demostración.');
}

const stopRecompute = scheduleDailyRecompute(db.sql, config.timeZone);
const stopPrune = scheduleTombstonePrune(db.sql);
const app = createApp({ sql: db.sql, config });
if (config.staticDir) mountStatic(app, config.staticDir);

const server = serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? '0.0.0.0' },
  (info) => {
    const where = db.embedded ? `PGlite en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const ms = Math.round(performance.now() - startedAt);
    console.log(
      `[server] Sistema de Préstamos en http://localhost:${info.port} · ${where} · listo en ${ms} ms`,
    );
  },
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: cerrando…`);
  stopRecompute();
  stopPrune();
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
