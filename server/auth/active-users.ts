import type { Sql } from '../db/connect';
import { type CurrentUser, currentUserOf } from './queries';

/**
 * How long this process trusts what it read about a user. An access token lives 15 minutes; without this check
 * a deleted or moved user kept that long. Through this process's own routes the change applies at once
 * (`forgetUser`); another API process notices within this bound. In that window the user can read only what
 * they could read a moment before, and a write by a deleted user fails on the users foreign key, which the
 * error handler answers as 401 (server/http/errors.ts): so a few seconds buy one query per user per few
 * seconds instead of one per request, and cost nothing that matters.
 */
export const USER_CHECK_TTL_MS = 5_000;

const SWEEP_ABOVE_ENTRIES = 10_000;

export interface ActiveUsers<T = CurrentUser> {
  /** What the user is now (their account, their municipalities), or null when the user no longer exists. */
  current(userId: number): Promise<T | null>;
  /** Drops what is remembered of the user, so the next request reads them again. */
  forget(userId: number): void;
}

export function createActiveUsers<T>(
  lookup: (userId: number) => Promise<T | null>,
  opts: { ttlMs?: number; now?: () => number } = {},
): ActiveUsers<T> {
  const ttlMs = opts.ttlMs ?? USER_CHECK_TTL_MS;
  const now = opts.now ?? Date.now;
  // The promise itself is kept, so concurrent requests of one user share a single lookup; a `forget` while it
  // is in flight removes it, and its answer is then used by the requests already waiting on it only.
  const entries = new Map<number, { user: Promise<T | null>; until: number }>();

  const sweep = (t: number) => {
    if (entries.size <= SWEEP_ABOVE_ENTRIES) return;
    for (const [id, entry] of entries) if (entry.until <= t) entries.delete(id);
  };

  return {
    current(userId) {
      const t = now();
      const cached = entries.get(userId);
      if (cached && cached.until > t) return cached.user;
      sweep(t);
      const entry = { user: lookup(userId), until: t + ttlMs };
      entries.set(userId, entry);
      // A failed lookup (the database away) is not remembered: the next request tries again.
      entry.user.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
      return entry.user;
    },
    forget(userId) {
      entries.delete(userId);
    },
  };
}

// One memory per connection pool, that is per database per process (tests build several apps on one pool).
const byPool = new WeakMap<Sql, ActiveUsers>();

export function activeUsers(sql: Sql): ActiveUsers {
  let users = byPool.get(sql);
  if (!users) {
    users = createActiveUsers((userId) => currentUserOf(sql, userId));
    byPool.set(sql, users);
  }
  return users;
}

/** For the routes that delete a user or move them to another account: their tokens stop working now. */
export const forgetUser = (sql: Sql, userId: number) => activeUsers(sql).forget(userId);
