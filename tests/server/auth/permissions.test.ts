import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireAuth, requirePermission } from '../../../server/auth/middleware';
import { handleError } from '../../../server/http/errors';
import type { AppEnv } from '../../../server/types';
import { connectTestSql, createTenant, loginToken, testApp, testConfig } from '../helpers/test-db';

const sql = connectTestSql();

/** A test-only app: the middleware as any feature router would use it. */
function guardedApp() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth({ sql, config: testConfig() }));
  app.get('/usuarios', requirePermission('USUARIOS_GESTIONAR'), (c) => c.json({ ok: true }));
  app.get('/hojas', requirePermission('HOJAS_VER', 'HOJAS_PROCESAR'), (c) => c.json({ ok: true }));
  app.get('/quien', (c) => c.json(c.get('auth')));
  app.onError(handleError);
  return app;
}

const get = (path: string, token?: string) =>
  guardedApp().request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('requirePermission', () => {
  it('answers 403 in Spanish when the role lacks the permission', async () => {
    const tenant = await createTenant(sql, {
      roleName: 'COBRADOR',
      permissions: ['PRESTAMOS_VER', 'HOJAS_VER'],
    });
    const token = await loginToken(testApp(sql), tenant);
    const res = await get('/usuarios', token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'No tiene permiso para realizar esta acción',
      code: 'FORBIDDEN',
    });
  });

  it('requires every permission listed', async () => {
    const partial = await createTenant(sql, { permissions: ['HOJAS_VER'] });
    const full = await createTenant(sql, { permissions: ['HOJAS_VER', 'HOJAS_PROCESAR'] });
    const app = testApp(sql);
    expect((await get('/hojas', await loginToken(app, partial))).status).toBe(403);
    expect((await get('/hojas', await loginToken(app, full))).status).toBe(200);
  });

  it('lets a role with the permission through, with the auth info set by requireAuth', async () => {
    const tenant = await createTenant(sql, { permissions: ['USUARIOS_GESTIONAR'] });
    const token = await loginToken(testApp(sql), tenant);
    expect((await get('/usuarios', token)).status).toBe(200);
    expect(await (await get('/quien', token)).json()).toEqual({
      userId: tenant.userId,
      accountId: tenant.accountId,
      roleId: tenant.roleId,
      roleName: 'ADMINISTRADOR',
      permissions: ['USUARIOS_GESTIONAR'],
      // Read from the database with the account, not from the token: every municipality until limited.
      municipios: null,
    });
  });

  it('answers 401, not 403, without a token', async () => {
    const res = await get('/usuarios');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
