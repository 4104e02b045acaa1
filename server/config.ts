import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_TIME_ZONE } from '../shared/dates';

/** scrypt's cost parameters; server/auth/passwords.ts holds the production and quick values. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface Config {
  port: number;
  /** A PostgreSQL URL; null selects the embedded PGlite under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  jwtSecret: string;
  timeZone: string;
  /** Seed demo data into an empty database. */
  seedDemo: boolean;
  /**
   * How long one SQL statement of a request may run before PostgreSQL cancels it (STATEMENT_TIMEOUT_MS, 5,000
   * by default; 0 turns it off): no request holds a connection longer. Migrations, the demo seed and the hourly
   * recompute are not requests and run without it. The embedded PGlite has one backend and no such timer.
   */
  statementTimeoutMs?: number;
  /** Folder with the built PWA; null when the API runs alone (tests, dev). */
  staticDir: string | null;
  /**
   * scrypt cost of new password hashes, and the one a login raises older hashes to. Absent: PASSWORD_COST
   * (OWASP). Only tests set it, to a named cheaper cost, so thousands of test logins stay quick.
   */
  passwordCost?: ScryptCost;
  /**
   * Addresses of the reverse proxies in front of this process (TRUSTED_PROXIES). Only a request whose socket
   * comes from one of them has its X-Forwarded-For read (server/auth/rate-limit.ts); absent or empty: none.
   */
  trustedProxies?: readonly string[];
}

/** The embedded setup keeps its JWT secret next to its data, so restarts keep sessions valid. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

function statementTimeoutOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new Error('STATEMENT_TIMEOUT_MS debe ser un número entero de milisegundos (0 lo desactiva)');
  return ms;
}

/** 'TRUSTED_PROXIES=127.0.0.1, ::1': addresses only (no ranges), so what is trusted is exactly what is written. */
function trustedProxiesOf(value: string | undefined): string[] {
  const addresses = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const wrong = addresses.find((a) => isIP(a) === 0);
  if (wrong !== undefined)
    throw new Error(
      `TRUSTED_PROXIES debe ser una lista de direcciones IP separadas por comas ("${wrong}" no lo es)`,
    );
  return addresses;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const jwtSecret = env.JWT_SECRET?.trim() || (databaseUrl ? null : embeddedSecret(dataDir));
  if (!jwtSecret) throw new Error('JWT_SECRET es obligatorio cuando se usa DATABASE_URL');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    dataDir,
    jwtSecret,
    timeZone: env.BUSINESS_TZ?.trim() || DEFAULT_TIME_ZONE,
    seedDemo: env.SEED_DEMO !== 'false',
    statementTimeoutMs: statementTimeoutOf(env.STATEMENT_TIMEOUT_MS),
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? 'dist'),
    trustedProxies: trustedProxiesOf(env.TRUSTED_PROXIES),
  };
}
