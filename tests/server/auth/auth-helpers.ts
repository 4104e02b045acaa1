import { Hono } from 'hono';
import type { LoginLimiter } from '../../../server/auth/rate-limit';
import { authRoutes } from '../../../server/auth/routes';
import type { Sql } from '../../../server/db/connect';
import { handleError } from '../../../server/http/errors';
import type { AppEnv } from '../../../server/types';
import type { LoginResponse, RefreshResponse } from '../../../shared/auth/types';
import type { ErrorBody } from '../../../shared/errors';
import { postJson, type TestTenant, type testApp, testConfig } from '../helpers/test-db';

type App = ReturnType<typeof testApp>;

/** Signs in and returns the whole login body (the shared helper returns only the access token). */
export async function login(
  app: App,
  tenant: Pick<TestTenant, 'email' | 'password'>,
): Promise<LoginResponse> {
  const res = await postJson(app, '/api/login', { email: tenant.email, password: tenant.password });
  if (res.status !== 200) throw new Error(`login falló: ${res.status} ${await res.text()}`);
  return (await res.json()) as LoginResponse;
}

export async function refresh(app: App, refreshToken: string) {
  const res = await postJson(app, '/api/refresh-token', { refreshToken });
  return { status: res.status, body: (await res.json()) as RefreshResponse & ErrorBody };
}

export const rawRequest = (app: App, path: string, body: string, contentType = 'application/json') =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });

/** Only the auth routes, over `limiter` (e.g. one on a fake clock, so back-off waits need no sleeping). */
export function authApp(sql: Sql, limiter: LoginLimiter) {
  const app = new Hono<AppEnv>();
  app.route('/api', authRoutes({ sql, config: testConfig() }, limiter));
  app.onError(handleError);
  return app;
}

/** A login as if from `ip` (app.request has no socket; @hono/node-server's bindings carry the address). */
export const loginFrom = (
  app: { request: Hono['request'] },
  ip: string,
  body: { email: string; password: string; device?: unknown },
) =>
  app.request(
    '/api/login',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
