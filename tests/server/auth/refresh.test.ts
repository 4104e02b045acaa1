import { describe, expect, it } from 'vitest';
import { lockRefreshTokenByHash, markRefreshTokenRotated } from '../../../server/auth/queries';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/auth/session';
import { hashRefreshToken, verifyAccessToken } from '../../../server/auth/tokens';
import { connectTestSql, createTenant, getJson, postJson, testApp, testConfig } from '../helpers/test-db';
import { login, refresh } from './auth-helpers';

const sql = connectTestSql();
const invalidRefresh = { error: 'El token de actualización no es válido', code: 'INVALID_REFRESH' };

/** Moves a token's rotation into the past: the grace is a clock rule, and tests do not sleep. */
const rotatedSecondsAgo = (token: string, seconds: number) =>
  sql`update refresh_tokens set rotated_at = now() - make_interval(secs => ${seconds})
    where token_hash = ${hashRefreshToken(token)}`;

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

  it('treats reuse of a rotated token after the grace as theft: 401 and the whole family is revoked', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const other = await login(app, tenant); // another device: a different family
    const rotated = await refresh(app, session.refreshToken);
    expect(rotated.status).toBe(200);
    await rotatedSecondsAgo(session.refreshToken, REFRESH_REUSE_GRACE_SECONDS + 1);

    const reuse = await refresh(app, session.refreshToken);
    expect(reuse).toEqual({ status: 401, body: invalidRefresh });
    expect(await refresh(app, rotated.body.refresh_token)).toEqual({ status: 401, body: invalidRefresh });
    expect((await refresh(app, other.refreshToken)).status).toBe(200);
  });

  it('two concurrent refreshes of one token both succeed, and every token they answer works', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const results = await Promise.all([
      refresh(app, session.refreshToken),
      refresh(app, session.refreshToken),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.body);
    expect(a!.refresh_token).not.toBe(b!.refresh_token);
    for (const body of [a!, b!]) {
      expect((await getJson(app, '/api/me', body.access_token)).status).toBe(200);
      expect((await refresh(app, body.refresh_token)).status).toBe(200);
    }
  });

  it('a retry of a token rotated moments ago (its answer was lost) gets a new pair of the same family', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const lost = await refresh(app, session.refreshToken);
    const retry = await refresh(app, session.refreshToken);
    expect(retry.status).toBe(200);
    expect(retry.body.user).toEqual(session.user);
    const [row] = await sql<{ families: number }[]>`
      select count(distinct family_id)::int as families from refresh_tokens where user_id = ${tenant.userId}`;
    expect(row!.families).toBe(1);
    // The winner keeps its token; signing out from either ends both (one family).
    expect((await refresh(app, lost.body.refresh_token)).status).toBe(200);
    await postJson(app, '/api/logout', { refreshToken: retry.body.refresh_token });
    const [live] = await sql<{ n: number }[]>`
      select count(*)::int as n from refresh_tokens where user_id = ${tenant.userId} and revoked_at is null`;
    expect(live!.n).toBe(0);
  });

  it('after the grace, reusing the token also revokes the pairs handed out during it', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const session = await login(app, tenant);
    const winner = await refresh(app, session.refreshToken);
    const retry = await refresh(app, session.refreshToken);
    await rotatedSecondsAgo(session.refreshToken, REFRESH_REUSE_GRACE_SECONDS + 1);
    expect(await refresh(app, session.refreshToken)).toEqual({ status: 401, body: invalidRefresh });
    expect(await refresh(app, winner.body.refresh_token)).toEqual({ status: 401, body: invalidRefresh });
    expect(await refresh(app, retry.body.refresh_token)).toEqual({ status: 401, body: invalidRefresh });
  });

  // Proves the row lock on PostgreSQL (on PGlite's single connection the second request simply queues).
  it('makes a second refresh wait for the token row lock, then answer from the rotation it waited for', async () => {
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
    expect((await second)?.status).toBe(200);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from refresh_tokens where user_id = ${tenant.userId}`;
    expect(row!.n).toBe(2); // the login's token and the waiting refresh's successor
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
