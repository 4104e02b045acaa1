import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export interface LoginLimiterOptions {
  windowMs?: number;
  /** Failed attempts allowed per IP + email within the window. */
  maxPerEmail?: number;
  /** Failed attempts allowed per IP (any email) within the window: slows spraying many emails. */
  maxPerIp?: number;
  now?: () => number;
}

export interface LoginLimiter {
  /** Seconds until the next attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(ip: string, email: string): number;
  recordFailure(ip: string, email: string): void;
  /** A successful login forgets the failures of that email from that IP (not the IP's own count). */
  recordSuccess(ip: string, email: string): void;
}

const SWEEP_ABOVE_KEYS = 10_000;

/**
 * Sliding-window counter of failed logins, kept in this process's memory. One instance per app (createApp),
 * so tests don't share state. Several API processes would need a shared store (a Postgres table or Redis),
 * since each process would otherwise allow its own quota.
 */
export function createLoginLimiter(opts: LoginLimiterOptions = {}): LoginLimiter {
  const windowMs = opts.windowMs ?? 15 * 60 * 1000;
  const maxPerEmail = opts.maxPerEmail ?? 5;
  const maxPerIp = opts.maxPerIp ?? 30;
  const now = opts.now ?? Date.now;
  // Key → failure times, oldest first, at most `max` of them (older ones cannot change the answer).
  const failures = new Map<string, number[]>();

  const emailKey = (ip: string, email: string) => `e|${ip}|${email}`;
  const ipKey = (ip: string) => `i|${ip}`;

  const recent = (key: string, t: number) => {
    const times = failures.get(key);
    if (!times) return [];
    const live = times.filter((at) => at > t - windowMs);
    if (live.length === 0) failures.delete(key);
    else if (live.length !== times.length) failures.set(key, live);
    return live;
  };

  // With `max` failures inside the window, the next attempt waits until the oldest of them leaves it.
  const waitMs = (key: string, max: number, t: number) => {
    const live = recent(key, t);
    return live.length >= max ? live[live.length - max]! + windowMs - t : 0;
  };

  const push = (key: string, max: number, t: number) => {
    const live = [...recent(key, t), t];
    failures.set(key, live.slice(-max));
  };

  const sweep = (t: number) => {
    if (failures.size <= SWEEP_ABOVE_KEYS) return;
    for (const key of failures.keys()) recent(key, t);
  };

  return {
    retryAfterSeconds(ip, email) {
      const t = now();
      const ms = Math.max(waitMs(emailKey(ip, email), maxPerEmail, t), waitMs(ipKey(ip), maxPerIp, t));
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    recordFailure(ip, email) {
      const t = now();
      push(emailKey(ip, email), maxPerEmail, t);
      push(ipKey(ip), maxPerIp, t);
      sweep(t);
    },
    recordSuccess(ip, email) {
      failures.delete(emailKey(ip, email));
    },
  };
}

/**
 * The socket's remote address. X-Forwarded-For is ignored: nothing in the config declares a trusted proxy,
 * and a client-chosen header would let anyone pick a fresh key per attempt. `app.request()` (tests) has no
 * socket: 'unknown', so all such requests share one IP key.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
