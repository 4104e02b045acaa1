import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';

export type Sql = postgres.Sql;
/** A connection or a transaction: queries accept either. */
export type Db = postgres.Sql | postgres.TransactionSql;

export interface Database {
  sql: Sql;
  url: string;
  embedded: boolean;
  /** PGlite only: its data folder as a tar (server/backup/, decision 024); null with DATABASE_URL. */
  dumpDataDir: (() => Promise<Blob>) | null;
  close(): Promise<void>;
}

export interface EmbeddedPostgres {
  url: string;
  /** Read between two protocol messages, so the copy is one moment of the database (decision 024). */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

/** The embedded database's folder inside DATA_DIR. */
export const embeddedDataPath = (dataDir: string) => join(dataDir, 'pglite');

/** PGlite (PostgreSQL in WASM) behind a loopback wire-protocol socket, so postgres.js talks to it as to any server. */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  let pglite: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(embeddedDataPath(dataDir));
  } else {
    pglite = await PGlite.create();
  }
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    // Uncompressed: PGlite would gzip while holding its query lock; the caller compresses after it is released.
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}

/**
 * postgres.js for a URL. PGlite has one backend: a pool larger than one interleaves messages (measured on this machine; decision 001).
 * `statementTimeoutMs`: every statement of the pool is cancelled by PostgreSQL past it (57014, answered 503 by
 * http/errors.ts); work that may legitimately take longer turns it off in its transaction (`withoutTimeout`).
 */
export function connect(
  url: string,
  opts: { embedded: boolean; max?: number; statementTimeoutMs?: number },
): Sql {
  const timeout = !opts.embedded && opts.statementTimeoutMs ? opts.statementTimeoutMs : 0;
  return postgres(url, {
    max: opts.embedded ? 1 : (opts.max ?? 10),
    ...(timeout > 0 ? { connection: { statement_timeout: timeout } } : {}),
    onnotice: () => {},
    // While the database is away every request waits for its connection's next attempt before it can answer 503,
    // and once it is back, for the same attempt before it succeeds: the driver's default grows to 20 s after a
    // few failures; 1 s at most (with its jitter) keeps both waits short. Refused attempts cost next to nothing.
    backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1),
    // Ids are bigint in Postgres and far below 2^53: read them as numbers. numeric stays text (see shared/money.ts).
    types: {
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

/** For a migration, the demo seed or a background recompute, in its own transaction: no statement timeout. */
export const withoutTimeout = (tx: Db) => tx`set local statement_timeout = 0`;

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite persisted in `dataDir` (in memory for null). */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const sql = connect(opts.databaseUrl, { embedded: false, statementTimeoutMs: opts.statementTimeoutMs });
    return {
      sql,
      url: opts.databaseUrl,
      embedded: false,
      dumpDataDir: null,
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const embedded = await startEmbeddedPostgres(opts.dataDir);
  const sql = connect(embedded.url, { embedded: true });
  return {
    sql,
    url: embedded.url,
    embedded: true,
    dumpDataDir: embedded.dumpDataDir,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
