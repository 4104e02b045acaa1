// The account's sync version (decision 015): every write of an account takes the next one, which orders the
// account's changes for the pull's cursor and serialises its writers.
import type { Db } from '../db/connect';

/**
 * Takes the account's next sync version now, which locks its `sync_versions` row until commit. Writers other
 * than payments take it first, before any row (after waiting, in sql/015's `sync_next_version`, for the
 * account's payment transactions in flight): version, then loan rows, one order with the derived-field
 * recompute, so the two cannot deadlock.
 */
export async function lockAccountVersion(db: Db, accountId: number): Promise<void> {
  await db`select sync_next_version(${accountId})`;
}

/**
 * Makes this transaction a payment writer (decision 015): it locks its rows first and takes the version at its
 * writes, last. Writers that take the version first wait for it, and it waits for them, before any lock.
 * Sent at the call, like the other queries of a pipeline here (sync/pipelined.ts).
 */
export function takeVersionLast(db: Db, accountId: number): Promise<unknown> {
  return db`select sync_begin_push(${accountId})`.execute();
}
