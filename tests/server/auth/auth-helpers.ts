import type { LoginResponse, RefreshResponse } from '../../../shared/auth/types';
import type { ErrorBody } from '../../../shared/errors';
import { postJson, type TestTenant, type testApp } from '../helpers/test-db';

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
