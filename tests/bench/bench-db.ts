// A fresh, migrated PostgreSQL database for one benchmark run, dropped afterwards.
import postgres from 'postgres';
import { connect, type Sql } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server to create benchmark databases on: BENCH_DATABASE_URL, else DATABASE_URL, else local. */
export const benchServerUrl = (env: NodeJS.ProcessEnv = process.env): string =>
  env.BENCH_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || DEFAULT_BENCH_URL;

export interface BenchDatabase {
  name: string;
  url: string;
  sql: Sql;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** Creates `prestamos_bench_<label>_<time>_<pid>` on the server and runs every migration of sql/. */
export async function createBenchDatabase(
  label: string,
  serverUrl = benchServerUrl(),
): Promise<BenchDatabase> {
  const name = `prestamos_bench_${label}_${Date.now()}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin`create database ${admin(name)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = connect(url.toString(), { embedded: false, max: 4 });
  try {
    await migrate(sql);
  } catch (err) {
    await sql.end({ timeout: 5 });
    await admin`drop database if exists ${admin(name)} with (force)`;
    await admin.end();
    throw err;
  }
  return {
    name,
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end();
    },
  };
}
