import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Sql, withoutTimeout } from './connect';

const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../sql');

export interface MigrationFile {
  version: string;
  path: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), path: join(dir, f) }));
}

/**
 * Applies pending migrations in order, each in its own transaction with its record in schema_migrations.
 * An advisory lock keeps two starting processes from applying the same file twice.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    // Converting a large account's history takes minutes (sql/020): a migration is not a request.
    await withoutTimeout(tx);
    await tx`select pg_advisory_xact_lock(7305202611)`;
    // Under the lock: two processes starting on an empty database both found no table, and the second
    // `create table if not exists` failed on the first one's (decision 025's units start together).
    await tx`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`;
    const done = new Set(
      (await tx<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version),
    );
    for (const file of listMigrations(dir)) {
      if (done.has(file.version)) continue;
      await tx.unsafe(readFileSync(file.path, 'utf8'));
      await tx`insert into schema_migrations (version) values (${file.version})`;
      applied.push(file.version);
    }
  });
  return applied;
}
