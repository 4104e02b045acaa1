import { expect } from 'vitest';
import type { Sql } from '../../../server/db/connect';
import { type ErrorBody, type ErrorCode, isErrorBody } from '../../../shared/errors';
import { ALL_PERMISSIONS, type Permission } from '../../../shared/permissions';
import { createTenant, loginToken, type TestTenant, type testApp } from './test-db';

export type App = ReturnType<typeof testApp>;

/** Every permission except those listed: an administrator of one account without cross-account power. */
export const allBut = (...excluded: Permission[]) => ALL_PERMISSIONS.filter((p) => !excluded.includes(p));

/** A new account with one signed-in user holding `permissions` (all by default). */
export async function signIn(
  sql: Sql,
  app: App,
  permissions?: readonly Permission[],
): Promise<TestTenant & { token: string }> {
  const tenant = await createTenant(sql, { permissions });
  return { ...tenant, token: await loginToken(app, tenant) };
}

/** Any method, JSON body (or a raw string sent as is), optional bearer token. */
export function send(app: App, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const bodyless = body === undefined || method === 'GET' || method === 'HEAD';
  const payload = bodyless ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return app.request(path, { method, headers, body: payload });
}

/** Reads a JSON success body. */
export async function dataOf<T>(res: Response, status = 200): Promise<T> {
  const body = (await res.json()) as { data: T };
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.data;
}

/** Asserts the docs/producto.md §7 error shape, status, code and (when given) the exact Spanish message. */
export async function expectError(res: Response, status: number, code: ErrorCode, message?: string) {
  const body = (await res.json()) as ErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(isErrorBody(body)).toBe(true);
  expect(body.code).toBe(code);
  if (message !== undefined) expect(body.error).toBe(message);
  return body;
}

/** Bodies no route should answer with a 500: broken JSON, wrong shapes and types, NUL characters. */
export const HOSTILE_BODIES: string[] = [
  '{"x":',
  '',
  '[]',
  'null',
  '"texto"',
  '42',
  '{"name":{"$ne":null},"nombre":["a"],"telefono":{},"municipality_id":{"id":1}}',
  '{"name":"a\\u0000b","nombre":"a\\u0000b","telefono":"5512345678\\u0000","collection_day":"LUNES"}',
  '{"email":"a\\u0000@b.mx","password":"secreto\\u0000","account_id":1e400,"role_id":-1}',
  '{"role_name":"x\\u0000","permissions":[null,1,{}],"account_id":"99999999999999999999"}',
  JSON.stringify({ name: 'x'.repeat(5000), nombre: 'x'.repeat(5000), municipality_id: 1e20, delete: 'si' }),
  JSON.stringify({ coordinadora: 'true', empleado: 1, municipality_id: Number.MAX_SAFE_INTEGER }),
];

/** Sends every hostile body to each (method, path) and expects a 4xx JSON error, never a 5xx. */
export async function expectNoServerErrors(app: App, token: string, calls: [string, string][]) {
  for (const [method, path] of calls) {
    for (const body of HOSTILE_BODIES) {
      const res = await send(app, method, path, token, body);
      const text = await res.text();
      expect(res.status, `${method} ${path} ${body} → ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${body} → ${text}`).toBeLessThan(500);
      expect(isErrorBody(JSON.parse(text)), text).toBe(true);
    }
  }
}

let seq = 0;
/** An email no other test (or parallel file) uses. */
export const newEmail = () => `nuevo-${Date.now()}-${process.pid}-${++seq}@prueba.mx`;

/** A role named `roleName` in the account, holding `permissions`. */
export async function roleIn(sql: Sql, accountId: number, roleName: string, permissions: Permission[]) {
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${accountId}, ${roleName}) returning id`;
  for (const permission of permissions)
    await sql`insert into role_permissions (role_id, permission) values (${role!.id}, ${permission})`;
  return role!.id;
}
