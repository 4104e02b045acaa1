import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Sql } from '../db/connect';
import { type KeyRule, releaseAttempt, sweepAttempts, takeAttempt } from './login-attempts';
import { LOGIN_RULES, type LoginRules } from './login-rules';

export interface LoginLimiterOptions {
  /** The rules of decision 016 unless replaced here. */
  rules?: Partial<LoginRules>;
  /** Tests only: a fixed clock. By default the database's, shared by every process. */
  now?: () => number;
}

export interface LoginRequest {
  ip: string;
  /** As the schema leaves it (trimmed, lower case). */
  email: string;
  /** A device this account signed in from before (its id in known_devices), or null. */
  knownDevice: string | null;
}

export interface Reservation {
  blocked: false;
  at: Date;
  forget: string[];
  giveBack: string | null;
}

export type LoginAttempt = { blocked: true; retryAfterSeconds: number } | Reservation;

export interface LoginLimiter {
  /**
   * Takes one attempt BEFORE its password is checked, so concurrent wrong passwords cannot all pass one check
   * and be counted later. It counts as a failure unless `succeeded` follows. Blocked: seconds to wait.
   */
  reserve(login: LoginRequest): Promise<LoginAttempt>;
  /** A successful login forgets the account's failures on the keys it took, and gives the IP its attempt back. */
  succeeded(attempt: Reservation): Promise<void>;
}

/**
 * Login limits in PostgreSQL (table login_failures), shared by every API process behind a balancer; decision
 * 016. From an unknown device: per account from one address (back-off after 5), per account from anywhere
 * (back-off after 10), per address (300 in 15 min). From a device the account signed in from before: only
 * that device's own failures (back-off after 5), so strangers behind the same address, or attacking the
 * account from elsewhere, do not lock its owner out.
 */
export function createLoginLimiter(sql: Sql, opts: LoginLimiterOptions = {}): LoginLimiter {
  const rules = { ...LOGIN_RULES, ...opts.rules };
  const at = () => (opts.now ? new Date(opts.now()) : null);

  const keysOf = ({ ip, email, knownDevice }: LoginRequest): { keys: KeyRule[]; ipKey: string | null } =>
    knownDevice
      ? { keys: [{ key: `d|${knownDevice}|${email}`, rule: rules.device }], ipKey: null }
      : {
          keys: [
            { key: `e|${ip}|${email}`, rule: rules.ipAccount },
            { key: `a|${email}`, rule: rules.account },
            { key: `i|${ip}`, rule: rules.ip },
          ],
          ipKey: `i|${ip}`,
        };

  return {
    async reserve(login) {
      await sweepAttempts(sql);
      const { keys, ipKey } = keysOf(login);
      const result = await takeAttempt(sql, keys, at());
      if (!result.taken) return { blocked: true, retryAfterSeconds: Math.ceil(result.waitMs / 1000) };
      return {
        blocked: false,
        at: result.at,
        forget: keys.map((k) => k.key).filter((key) => key !== ipKey),
        giveBack: ipKey,
      };
    },
    async succeeded(attempt) {
      await releaseAttempt(sql, attempt.forget, attempt.giveBack, attempt.at);
    },
  };
}

/**
 * The address a login is counted from (decision 016): the socket's. Behind a reverse proxy (decision 025) that
 * is the proxy's for everyone, so one village's failures would lock out every unknown phone: when the socket
 * comes from a TRUSTED_PROXIES address, the client is the nearest X-Forwarded-For entry that is not itself a
 * trusted proxy. From any other socket the header is ignored, or a client could pick a fresh key per attempt.
 * `app.request()` (tests) has no socket: 'unknown', so all such requests share one IP key.
 */
export function clientIp(c: Context, trustedProxies: readonly string[] = []): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  return clientAddress(peer, c.req.header('x-forwarded-for'), trustedProxies);
}

/** A dual-stack socket reports IPv4 peers as '::ffff:127.0.0.1'; TRUSTED_PROXIES and proxies write '127.0.0.1'. */
const plain = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/** clientIp's choice, from the socket's address and the header as received. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  if (!peer) return 'unknown';
  const socket = plain(peer);
  if (!forwardedFor || !trustedProxies.includes(socket)) return socket;
  // Each proxy appends the address it was reached from: read from the right, past our own proxies.
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (trustedProxies.includes(hop)) continue;
    // A trusted proxy that wrote something else than an address is misconfigured: count the proxy, not the text.
    return isIP(hop) === 0 ? socket : hop;
  }
  return socket;
}
