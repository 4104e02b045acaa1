import type { Sql } from '../db/connect';
import { forgetAt, type KeyState, live, type Rule, taken, waitMs } from './login-rules';

/** A limiter key with the rule it counts by. */
export interface KeyRule {
  key: string;
  rule: Rule;
}

export type Taken = { taken: true; at: Date } | { taken: false; waitMs: number };

interface Row {
  failures: number;
  since: Date;
  last_at: Date;
}

/**
 * Takes one attempt on every key, or on none when any key makes it wait: then the longest wait. One
 * transaction; the upsert locks each key's row, so concurrent attempts on a key queue here and each sees the
 * ones before it. Keys are locked in one global order (sorted), so two attempts never wait on each other.
 * `at` null is the database's clock (the same for every process).
 */
export async function takeAttempt(sql: Sql, keys: readonly KeyRule[], at: Date | null): Promise<Taken> {
  const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return sql.begin(async (tx) => {
    const [clock] = await tx<{ t: Date }[]>`select coalesce(${at}::timestamptz, now()) as t`;
    const t = clock!.t;
    const now = t.getTime();
    const states: (KeyState | null)[] = [];
    let wait = 0;
    for (const { key, rule } of ordered) {
      // A no-op update on conflict: it returns the row, and locks it until the commit.
      const [row] = await tx<Row[]>`
        insert into login_failures (key, failures, since, last_at, forget_at) values (${key}, 0, ${t}, ${t}, ${t})
        on conflict (key) do update set key = excluded.key
        returning failures, since, last_at`;
      const state = live(
        rule,
        row ? { failures: row.failures, since: row.since.getTime(), last: row.last_at.getTime() } : null,
        now,
      );
      states.push(state);
      wait = Math.max(wait, waitMs(rule, state, now));
    }
    if (wait > 0) return { taken: false, waitMs: wait };
    for (const [i, { key, rule }] of ordered.entries()) {
      const next = taken(states[i] ?? null, now);
      await tx`update login_failures set failures = ${next.failures}, since = ${new Date(next.since)},
        last_at = ${new Date(next.last)}, forget_at = ${new Date(forgetAt(rule, next))}
        where key = ${key}`;
    }
    return { taken: true, at: t };
  });
}

/**
 * A successful login: the `forget` keys lose every failure; the `giveBack` key (a ceiling) only the attempt
 * taken `at`, unless its window has started again since.
 */
export async function releaseAttempt(sql: Sql, forget: readonly string[], giveBack: string | null, at: Date) {
  if (forget.length > 0)
    await sql`delete from login_failures where key = any(${sql.array([...forget])}::text[])`;
  if (giveBack)
    await sql`update login_failures set failures = failures - 1
      where key = ${giveBack} and failures > 0 and since <= ${at}`;
}

/** Rows that count nothing any more. Rows an attempt holds are skipped: waiting on them could deadlock. */
export async function sweepAttempts(sql: Sql) {
  await sql`delete from login_failures where key in (
    select key from login_failures where forget_at < now() for update skip locked)`;
}
