import type { Sql } from '../db/connect';

/** A limiter key with the number of attempts it allows inside the window. */
export interface KeyLimit {
  key: string;
  max: number;
}

export type Taken = { taken: true; at: string } | { taken: false; waitMs: number };

/**
 * Takes one attempt on every key, or on none when any key is full: then how long until its oldest counted
 * attempt leaves the window. One transaction; the upsert locks each key's row, so concurrent attempts on a
 * key queue here and each sees the ones before it. Keys are locked in the order given: callers keep one order
 * so two attempts never wait on each other. `at` null is the database's clock (the same for every process);
 * the instant travels as text to keep its microseconds for `giveBack`.
 */
export async function takeAttempt(
  sql: Sql,
  keys: readonly KeyLimit[],
  windowMs: number,
  at: Date | null,
): Promise<Taken> {
  return sql.begin(async (tx) => {
    const [clock] = await tx<{ t: string }[]>`select coalesce(${at}::timestamptz, now())::text as t`;
    const t = clock!.t;
    let waitMs = 0;
    for (const { key, max } of keys) {
      const [row] = await tx<{ wait_ms: number | null }[]>`
        insert into login_attempts as la (key, last_at) values (${key}, ${t}::timestamptz)
        on conflict (key) do update set attempts = array(
          select a from unnest(la.attempts) a
          where a > ${t}::timestamptz - ${windowMs}::int * interval '1 millisecond' order by a)
        returning (extract(epoch from attempts[cardinality(attempts) - ${max}::int + 1]
          + ${windowMs}::int * interval '1 millisecond' - ${t}::timestamptz) * 1000)::float8 as wait_ms`;
      waitMs = Math.max(waitMs, row?.wait_ms ?? 0);
    }
    if (waitMs > 0) return { taken: false, waitMs };
    await tx`update login_attempts set attempts = attempts || ${t}::timestamptz, last_at = ${t}::timestamptz
      where key = any(${tx.array(keys.map((k) => k.key))}::text[])`;
    return { taken: true, at: t };
  });
}

/** A successful login: `forget` loses every counted attempt, `giveBack` only the one taken `at`. */
export async function releaseAttempt(sql: Sql, forget: string, giveBack: string, at: string) {
  await sql`delete from login_attempts where key = ${forget}`;
  await sql`update login_attempts
    set attempts = attempts[:array_position(attempts, ${at}::timestamptz) - 1]
      || attempts[array_position(attempts, ${at}::timestamptz) + 1:]
    where key = ${giveBack} and array_position(attempts, ${at}::timestamptz) is not null`;
}

/**
 * Keys whose newest attempt has left the window count nothing any more. Rows an attempt holds are skipped:
 * waiting on one while holding others could deadlock with it.
 */
export async function sweepAttempts(sql: Sql, windowMs: number) {
  await sql`delete from login_attempts where key in (
    select key from login_attempts where last_at < now() - ${windowMs}::int * interval '1 millisecond'
    for update skip locked)`;
}
