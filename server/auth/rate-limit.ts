import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Sql } from '../db/connect';
import { releaseAttempt, sweepAttempts, takeAttempt } from './login-attempts';

export interface LoginLimiterOptions {
  windowMs?: number;
  /** Failed attempts allowed per IP + email within the window. */
  maxPerEmail?: number;
  /** Failed attempts allowed per IP (any email) within the window: slows spraying many emails. */
  maxPerIp?: number;
  /** Tests only: a fixed clock. By default the database's, shared by every process. */
  now?: () => number;
}

export type LoginAttempt = { blocked: true; retryAfterSeconds: number } | { blocked: false; at: string };

export interface LoginLimiter {
  /**
   * Takes one attempt of `email` from `ip` BEFORE its password is checked, so concurrent wrong passwords
   * cannot all pass one check and be counted later. It counts as a failure unless `succeeded` follows.
   * Blocked: seconds until the oldest counted attempt leaves the window.
   */
  reserve(ip: string, email: string): Promise<LoginAttempt>;
  /** A successful login forgets the failures of that email from that IP (not the IP's own count). */
  succeeded(ip: string, email: string, attempt: { at: string }): Promise<void>;
}

/**
 * Sliding-window counter of login attempts in PostgreSQL (table login_attempts), so every API process behind
 * a balancer counts against the same limit. Each attempt in flight holds its place until it succeeds.
 */
export function createLoginLimiter(sql: Sql, opts: LoginLimiterOptions = {}): LoginLimiter {
  const windowMs = opts.windowMs ?? 15 * 60 * 1000;
  const maxPerEmail = opts.maxPerEmail ?? 5;
  const maxPerIp = opts.maxPerIp ?? 30;
  const at = () => (opts.now ? new Date(opts.now()) : null);

  const emailKey = (ip: string, email: string) => `e|${ip}|${email}`;
  const ipKey = (ip: string) => `i|${ip}`;

  return {
    async reserve(ip, email) {
      await sweepAttempts(sql, windowMs);
      // Always this order (email key, then IP key): the row locks are taken in it.
      const keys = [
        { key: emailKey(ip, email), max: maxPerEmail },
        { key: ipKey(ip), max: maxPerIp },
      ];
      const taken = await takeAttempt(sql, keys, windowMs, at());
      return taken.taken
        ? { blocked: false, at: taken.at }
        : { blocked: true, retryAfterSeconds: Math.ceil(taken.waitMs / 1000) };
    },
    async succeeded(ip, email, attempt) {
      await releaseAttempt(sql, emailKey(ip, email), ipKey(ip), attempt.at);
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
