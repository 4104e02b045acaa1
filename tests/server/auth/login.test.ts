import { describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../server/auth/tokens';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { connectTestSql, createTenant, postJson, testApp, testConfig } from '../helpers/test-db';
import { rawRequest } from './auth-helpers';

const sql = connectTestSql();
const invalidCredentials = { error: 'Credenciales inválidas', code: 'INVALID_CREDENTIALS' };

describe('POST /api/login', () => {
  it('answers token, refreshToken and the session user read from the database', async () => {
    const tenant = await createTenant(sql);
    const res = await postJson(testApp(sql), '/api/login', {
      email: tenant.email,
      password: tenant.password,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    // docs/producto.md §7's three, and the phone's token for its next logins (decision 016).
    expect(Object.keys(body).sort()).toEqual(['device', 'refreshToken', 'token', 'user']);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: tenant.userId,
      name: expect.stringMatching(/^Usuario /),
      email: tenant.email,
      account_id: tenant.accountId,
      account_name: expect.stringMatching(/^Cuenta /),
      role_id: tenant.roleId,
      role_name: 'ADMINISTRADOR',
      permissions: [...ALL_PERMISSIONS].sort(),
      registrar_ubicacion: false,
    });
    const auth = await verifyAccessToken(testConfig().jwtSecret, body.token);
    expect(auth).toEqual({
      userId: tenant.userId,
      accountId: tenant.accountId,
      roleId: tenant.roleId,
      roleName: 'ADMINISTRADOR',
      permissions: [...ALL_PERMISSIONS].sort(),
    });
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const tenant = await createTenant(sql);
    const res = await postJson(testApp(sql), '/api/login', {
      email: `  ${tenant.email.toUpperCase()} `,
      password: tenant.password,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 Credenciales inválidas', async () => {
    const tenant = await createTenant(sql);
    const res = await postJson(testApp(sql), '/api/login', { email: tenant.email, password: 'otra-cosa' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(invalidCredentials);
  });

  it('refuses an unknown email with the same status and message', async () => {
    const res = await postJson(testApp(sql), '/api/login', {
      email: 'nadie@prueba.mx',
      password: 'secreto123',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(invalidCredentials);
  });

  it('answers 400 with Spanish messages per field when fields are missing', async () => {
    const res = await postJson(testApp(sql), '/api/login', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'El email es requerido',
      code: 'VALIDATION',
      details: { email: 'El email es requerido', password: 'La contraseña es requerida' },
    });
  });

  it('answers 400 for wrong types and a malformed email', async () => {
    const app = testApp(sql);
    const wrongTypes = await postJson(app, '/api/login', { email: 123, password: ['x'] });
    expect(wrongTypes.status).toBe(400);
    expect(await wrongTypes.json()).toMatchObject({
      code: 'VALIDATION',
      details: { email: 'El email es requerido', password: 'La contraseña es requerida' },
    });
    const badEmail = await postJson(app, '/api/login', { email: 'sin-arroba', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ error: 'El email no es válido', code: 'VALIDATION' });
  });

  it('answers 400 BAD_JSON in Spanish for a malformed body', async () => {
    const res = await rawRequest(testApp(sql), '/api/login', '{"email":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'El cuerpo de la solicitud no es JSON válido',
      code: 'BAD_JSON',
    });
  });

  it('answers 400 for a JSON array or scalar body', async () => {
    const app = testApp(sql);
    for (const body of ['[{"email":"a@b.mx","password":"x"}]', '"texto"', 'null', '42']) {
      const res = await rawRequest(app, '/api/login', body);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toMatchObject({ code: 'BAD_JSON' });
    }
  });

  it('answers 413 in Spanish for a body over 1 MiB', async () => {
    const big = JSON.stringify({ email: 'a@b.mx', password: 'x'.repeat(1024 * 1024) });
    const res = await rawRequest(testApp(sql), '/api/login', big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'La solicitud es demasiado grande',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});
