import { describe, expect, it } from 'vitest';
import { lockRefreshTokenByHash, markRefreshTokenRotated } from '../../../server/auth/queries';
import { hashRefreshToken, verifyAccessToken } from '../../../server/auth/tokens';
import { connectTestSql, createTenant, getJson, postJson, testApp, testConfig } from '../helpers/test-db';
import { login, refresh } from './auth-helpers';

const sql = connectTestSql();
const invalidRefresh = { error: 'El token de actualización no es válido', code: 'INVALID_REFRESH' };

describe('POST /api/refresh-token', () => {
  it('rotates: new access and refresh tokens, the user, and the new refresh token works in turn', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const first = await refresh(app, session.refreshToken);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(first.body.refresh_token).not.toBe(session.refreshToken);
    expect(first.body.user).toEqual(session.user);
    expect((await getJson(app, '/api/me', first.body.access_token)).status).toBe(200);
    const second = await refresh(app, first.body.refresh_token);
    expect(second.status).toBe(200);
  });

  it('re-reads permissions from the database', async () => {
    const tenant = await createTenant(sql, { permissions: ['PRESTAMOS_VER'] });
    const app = testApp(sql);
    const session = await login(app, tenant);
    await sql`insert into role_permissions (role_id, permission) values (${tenant.roleId}, 'HOJAS_VER')`;
    const { status, body } = await refresh(app, session.refreshToken);
    expect(status).toBe(200);
    expect(body.user?.permissions).toEqual(['HOJAS_VER', 'PRESTAMOS_VER']);
    const auth = await verifyAccessToken(testConfig().jwtSecret, body.access_token);
    expect(auth.permissions).toEqual(['HOJAS_VER', 'PRESTAMOS_VER']);
  });

  it('treats reuse of a rotated token as theft: 401 and the whole family is revoked', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const other = await login(app, tenant); // another device: a different family
    const rotated = await refresh(app, session.refreshToken);
    expect(rotated.status).toBe(200);

    const reuse = await refresh(app, session.refreshToken);
    expect(reuse).toEqual({ status: 401, body: invalidRefresh });
    expect(await refresh(app, rotated.body.refresh_token)).toEqual({ status: 401, body: invalidRefresh });
    expect((await refresh(app, other.refreshToken)).status).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const results = await Promise.all([
      refresh(app, session.refreshToken),
      refresh(app, session.refreshToken),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from refresh_tokens where user_id = ${tenant.userId}`;
    expect(row!.n).toBe(2); // the login's token and one successor, never two
  });

  // Proves the row lock on PostgreSQL (on PGlite's single connection the second request simply queues).
  it('makes a second refresh wait for the token row lock, then see the token rotated', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    let settled = false;
    let second: ReturnType<typeof refresh> | undefined;
    await sql.begin(async (tx) => {
      const row = await lockRefreshTokenByHash(tx, hashRefreshToken(session.refreshToken));
      second = refresh(app, session.refreshToken).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await markRefreshTokenRotated(tx, row!.id);
    });
    expect(await second).toEqual({ status: 401, body: invalidRefresh });
  });

  it('refuses unknown and expired tokens', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    expect(await refresh(app, 'no-existe')).toEqual({ status: 401, body: invalidRefresh });
    const session = await login(app, tenant);
    await sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${tenant.userId}`;
    expect(await refresh(app, session.refreshToken)).toEqual({ status: 401, body: invalidRefresh });
  });

  it('issues refresh tokens valid for 30 days', async () => {
    const tenant = await createTenant(sql);
    await login(testApp(sql), tenant);
    const [row] = await sql<{ days: number }[]>`
      select round(extract(epoch from expires_at - created_at) / 86400)::int as days
      from refresh_tokens where user_id = ${tenant.userId}`;
    expect(row!.days).toBe(30);
  });

  it('answers 400 without a refresh token', async () => {
    const res = await postJson(testApp(sql), '/api/refresh-token', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      details: { refreshToken: 'Falta el refresh token' },
    });
  });
});

describe('POST /api/logout', () => {
  it('revokes the family, without needing an access token, and is idempotent', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const rotated = await refresh(app, session.refreshToken);
    const out = await postJson(app, '/api/logout', { refreshToken: rotated.body.refresh_token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(await refresh(app, rotated.body.refresh_token)).toEqual({ status: 401, body: invalidRefresh });

    const again = await postJson(app, '/api/logout', { refreshToken: rotated.body.refresh_token });
    expect(again.status).toBe(200);
    expect((await postJson(app, '/api/logout', { refreshToken: 'no-existe' })).status).toBe(200);
  });

  it('answers 400 without a refresh token', async () => {
    expect((await postJson(testApp(sql), '/api/logout', {})).status).toBe(400);
  });
});
