import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { connectTestSql, createTenant, getJson, testApp, testConfig } from '../helpers/test-db';
import { login } from './auth-helpers';

const sql = connectTestSql();
const unauthenticated = { error: 'Debe iniciar sesión para continuar', code: 'UNAUTHENTICATED' };

/** A token shaped like ours, with chosen secret and times. */
async function forgeToken(opts: { secret?: string; iat: number; exp: number; sub?: string; acc?: number }) {
  return new SignJWT({ acc: opts.acc ?? 1, rid: null, role: null, perms: [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(opts.sub ?? '1')
    .setIssuer('prestamos')
    .setIssuedAt(opts.iat)
    .setExpirationTime(opts.exp)
    .sign(new TextEncoder().encode(opts.secret ?? testConfig().jwtSecret));
}

describe('GET /api/me', () => {
  it('answers 401 without a token', async () => {
    const res = await getJson(testApp(sql), '/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthenticated);
  });

  it('answers 401 for garbage and for other schemes', async () => {
    const app = testApp(sql);
    for (const header of [
      'Bearer basura',
      'Bearer ',
      'Bearer a.b.c',
      'Basic dXN1YXJpbzpjbGF2ZQ==',
      'basura',
    ]) {
      const res = await app.request('/api/me', { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(await res.json(), header).toEqual(unauthenticated);
    }
  });

  it('answers 401 for an expired token', async () => {
    const tenant = await createTenant(sql);
    const now = Math.floor(Date.now() / 1000);
    const token = await forgeToken({
      sub: String(tenant.userId),
      acc: tenant.accountId,
      iat: now - 3600,
      exp: now - 60,
    });
    const res = await getJson(testApp(sql), '/api/me', token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthenticated);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const tenant = await createTenant(sql);
    const now = Math.floor(Date.now() / 1000);
    const token = await forgeToken({
      secret: 'otro-secreto-0123456789abcdef0123456789',
      sub: String(tenant.userId),
      acc: tenant.accountId,
      iat: now,
      exp: now + 600,
    });
    expect((await getJson(testApp(sql), '/api/me', token)).status).toBe(401);
  });

  it('answers 200 with the current user for a valid token', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const res = await getJson(app, '/api/me', session.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: session.user });
  });

  it('re-reads the user: a permission removed from the role disappears from /me at once', async () => {
    const tenant = await createTenant(sql, { permissions: ['PRESTAMOS_VER', 'HOJAS_VER'] });
    const app = testApp(sql);
    const { token } = await login(app, tenant);
    await sql`delete from role_permissions where role_id = ${tenant.roleId} and permission = 'HOJAS_VER'`;
    const res = await getJson(app, '/api/me', token);
    expect(res.status).toBe(200);
    expect((await res.json()).user.permissions).toEqual(['PRESTAMOS_VER']);
  });

  it('answers 401 when the user no longer exists', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const { token } = await login(app, tenant);
    await sql`delete from users where id = ${tenant.userId}`;
    const res = await getJson(app, '/api/me', token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthenticated);
  });
});
