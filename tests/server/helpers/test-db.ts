import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createApp } from '../../../server/app';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import type { Config } from '../../../server/config';
import { connect, type Sql } from '../../../server/db/connect';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '../../../shared/permissions';

/** One connection pool per test file, closed when the file ends. */
export function connectTestSql(): Sql {
  const sql = connect(inject('databaseUrl'), { embedded: inject('embedded'), max: 4 });
  afterAll(() => sql.end({ timeout: 5 }));
  return sql;
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  databaseUrl: null,
  dataDir: '/tmp/prestamos-test',
  jwtSecret: 'test-secret-0123456789abcdef0123456789abcdef',
  timeZone: 'America/Mexico_City',
  seedDemo: false,
  staticDir: null,
  // Named, never a default: production hashes at PASSWORD_COST, each test login would pay ~1 s for it.
  passwordCost: QUICK_PASSWORD_COST,
  ...overrides,
});

export const testApp = (sql: Sql, overrides: Partial<Config> = {}) =>
  createApp({ sql, config: testConfig(overrides) });

export interface TestTenant {
  accountId: number;
  userId: number;
  roleId: number;
  email: string;
  password: string;
}

/** Permissions must exist before roles reference them; the seed normally does this. */
export async function ensurePermissions(sql: Sql) {
  for (const [permission, description] of Object.entries(PERMISSIONS)) {
    await sql`insert into permissions (permission, description) values (${permission}, ${description})
      on conflict (permission) do nothing`;
  }
}

/** A new account with one user whose role holds `permissions` (all by default). Unique per call. */
export async function createTenant(
  sql: Sql,
  opts: { permissions?: readonly Permission[]; roleName?: string; password?: string } = {},
): Promise<TestTenant> {
  await ensurePermissions(sql);
  const tag = randomUUID().slice(0, 8);
  const password = opts.password ?? 'secreto123';
  const [account] = await sql<
    { id: number }[]
  >`insert into accounts (name) values (${`Cuenta ${tag}`}) returning id`;
  const accountId = account!.id;
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${accountId}, ${opts.roleName ?? 'ADMINISTRADOR'}) returning id`;
  const roleId = role!.id;
  for (const permission of opts.permissions ?? ALL_PERMISSIONS) {
    await sql`insert into role_permissions (role_id, permission) values (${roleId}, ${permission})`;
  }
  const email = `usuario-${tag}@prueba.mx`;
  const [user] = await sql<
    { id: number }[]
  >`insert into users (account_id, role_id, name, email, password_hash)
    values (${accountId}, ${roleId}, ${`Usuario ${tag}`}, ${email}, ${await hashPassword(password, QUICK_PASSWORD_COST)}) returning id`;
  return { accountId, userId: user!.id, roleId, email, password };
}

type App = ReturnType<typeof testApp>;

export async function postJson(app: App, path: string, body: unknown, token?: string) {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function getJson(app: App, path: string, token?: string) {
  return app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Signs in through the real login route and returns the access token. */
export async function loginToken(app: App, tenant: Pick<TestTenant, 'email' | 'password'>): Promise<string> {
  const res = await postJson(app, '/api/login', { email: tenant.email, password: tenant.password });
  if (res.status !== 200) throw new Error(`login falló: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
