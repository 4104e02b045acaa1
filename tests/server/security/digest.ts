// A fingerprint of every row that belongs to some accounts, table by table, to prove a refused request changed
// nothing. The tables are read from the catalogue, so a new table is covered (or fails the suite until it is
// given a scope below). Other test files write to the same database meanwhile: only these accounts' rows count.
import type { Sql } from '../../../server/db/connect';

/** Tables without account_id, reached through the row that has one. */
const SCOPED_THROUGH: Record<string, (sql: Sql, accounts: number[]) => ReturnType<Sql>> = {
  accounts: (sql, a) => sql`id = any(${a}::bigint[])`,
  role_permissions: (sql, a) => sql`role_id in (select id from roles where account_id = any(${a}::bigint[]))`,
  refresh_tokens: (sql, a) => sql`user_id in (select id from users where account_id = any(${a}::bigint[]))`,
  user_municipalities: (sql, a) =>
    sql`user_id in (select id from users where account_id = any(${a}::bigint[]))`,
  known_devices: (sql, a) => sql`user_id in (select id from users where account_id = any(${a}::bigint[]))`,
  sync_mutation_results: (sql, a) =>
    sql`client_id in (select client_id from sync_clients where account_id = any(${a}::bigint[]))`,
};

/** Global tables that no request may change, read whole. */
const WHOLE = new Set(['permissions', 'schema_migrations']);

/**
 * Left out on purpose: the login limiter's counters (login_attempts, later login_failures) are kept per email,
 * IP and device, not per account, and other files sign in all the time. A refusal writes nothing else: no
 * audit row, no attempt row.
 */
const IGNORED = new Set(['login_attempts', 'login_failures']);

export type Digest = Record<string, string>;

export async function tablesOf(sql: Sql) {
  const rows = await sql<{ table_name: string; has_account: boolean }[]>`
    select table_name, bool_or(column_name = 'account_id') as has_account
    from information_schema.columns where table_schema = 'public'
    group by table_name order by table_name`;
  return rows.filter((r) => !IGNORED.has(r.table_name));
}

/** md5 of each table's rows of `accounts` (as text, sorted), in one round trip. */
export async function digest(sql: Sql, accounts: number[]): Promise<Digest> {
  const parts = (await tablesOf(sql)).map(({ table_name: table, has_account }) => {
    const scope = has_account
      ? sql`account_id = any(${accounts}::bigint[])`
      : (SCOPED_THROUGH[table]?.(sql, accounts) ?? (WHOLE.has(table) ? sql`true` : null));
    if (!scope)
      throw new Error(`La tabla ${table} no tiene account_id ni alcance en security/digest.ts: añádalo`);
    return sql`select ${table}::text as name,
      md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
      from ${sql(table)} t where ${scope}`;
  });
  const query = parts.reduce((all, part) => sql`${all} union all ${part}`);
  const rows = await query;
  return Object.fromEntries(
    (rows as unknown as { name: string; hash: string }[]).map((r) => [r.name, r.hash]),
  );
}

/** The tables whose fingerprint differs, but for those a request may change by design. */
export function changedTables(before: Digest, after: Digest, allowed: readonly string[] = []): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t] && !allowed.includes(t));
}
