import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/accounts/messages';
import { mensajes } from '../../../shared/messages';
import { roleMessages } from '../../../shared/roles/messages';
import { userMessages as m } from '../../../shared/users/messages';
import type { UserListItem } from '../../../shared/users/types';
import {
  allBut,
  dataOf,
  expectError,
  expectNoServerErrors,
  newEmail,
  roleIn,
  send,
  signIn,
} from '../helpers/catalog';
import { connectTestSql, loginToken, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

const register = (token: string, body: unknown) => send(app, 'POST', '/api/register-user', token, body);

describe('register-user and list-users', () => {
  it('registers a user who can sign in, lists them with role and account names, never a hash', async () => {
    // Without CUENTAS_GESTIONAR the list holds this account's users only (other files add users in parallel).
    const admin = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const roleId = await roleIn(sql, admin.accountId, 'COBRADOR', ['PRESTAMOS_VER', 'HOJAS_VER']);
    const email = newEmail();
    const res = await register(admin.token, {
      name: 'Laura Gómez',
      email: email.toUpperCase(),
      password: 'clave12',
      account_id: String(admin.accountId),
      role_id: String(roleId),
    });
    const created = await dataOf<UserListItem>(res, 201);
    expect(created).toMatchObject({
      name: 'Laura Gómez',
      email,
      account_id: admin.accountId,
      role_id: roleId,
      role_name: 'COBRADOR',
    });
    expect(created.account_name).toMatch(/^Cuenta /);
    await loginToken(app, { email, password: 'clave12' });

    const noRole = await dataOf<UserListItem>(
      await register(admin.token, {
        name: 'Sin Rol',
        email: newEmail(),
        password: 'clave12',
        account_id: admin.accountId,
      }),
      201,
    );
    expect(noRole).toMatchObject({ role_id: null, role_name: null });

    const listRes = await send(app, 'GET', '/api/list-users', admin.token);
    const text = await listRes.clone().text();
    expect(text).not.toMatch(/password|scrypt/i);
    const list = await dataOf<UserListItem[]>(listRes);
    expect(list.map((u) => u.id)).toEqual([admin.userId, created.id, noRole.id]);
    expect(list.every((u) => u.account_id === admin.accountId)).toBe(true);
  });

  it.each([
    ['missing name', { name: undefined }, 'name', m.nombreRequerido],
    ['missing email', { email: undefined }, 'email', m.emailRequerido],
    ['bad email', { email: 'laura@' }, 'email', m.emailInvalido],
    ['missing password', { password: undefined }, 'password', m.contrasenaRequerida],
    ['short password', { password: '12345' }, 'password', m.contrasenaCorta],
    ['missing account', { account_id: undefined }, 'account_id', m.cuentaRequerida],
    ['bad role', { role_id: 'uno' }, 'role_id', m.rolInvalido],
  ])('register-user refuses %s with the SPEC message', async (_case, extra, field, message) => {
    const admin = await signIn(sql, app);
    const base = { name: 'Laura', email: newEmail(), password: 'clave12', account_id: admin.accountId };
    const error = await expectError(
      await register(admin.token, { ...base, ...extra }),
      400,
      'VALIDATION',
      message,
    );
    expect(error.details?.[field]).toBe(message);
  });

  it('refuses a duplicate email, whatever its case (409)', async () => {
    const admin = await signIn(sql, app);
    const other = await signIn(sql, app);
    const res = await register(admin.token, {
      name: 'Copia',
      email: other.email.toUpperCase(),
      password: 'clave12',
      account_id: admin.accountId,
    });
    await expectError(res, 409, 'CONFLICT', m.emailDuplicado);
  });

  it('keeps users in their account unless the caller has CUENTAS_GESTIONAR', async () => {
    const local = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const root = await signIn(sql, app);
    const target = await signIn(sql, app);
    const body = { name: 'Viajera', email: newEmail(), password: 'clave12', account_id: target.accountId };

    await expectError(await register(local.token, body), 403, 'FORBIDDEN', accountMessages.otraCuenta);
    const created = await dataOf<UserListItem>(await register(root.token, body), 201);
    expect(created.account_id).toBe(target.accountId);

    const missing = await register(root.token, { ...body, email: newEmail(), account_id: 999999999 });
    expect((await expectError(missing, 400, 'VALIDATION')).details).toEqual({
      account_id: accountMessages.noExiste,
    });

    const localList = await dataOf<UserListItem[]>(await send(app, 'GET', '/api/list-users', local.token));
    expect(localList.map((u) => u.id)).toEqual([local.userId]);
    const rootList = await dataOf<UserListItem[]>(await send(app, 'GET', '/api/list-users', root.token));
    expect(rootList.map((u) => u.id)).toEqual(
      expect.arrayContaining([local.userId, root.userId, target.userId, created.id]),
    );
  });

  it("refuses a role of another account, and a role with more power than the caller's", async () => {
    const admin = await signIn(sql, app, ['USUARIOS_GESTIONAR', 'PRESTAMOS_VER']);
    const other = await signIn(sql, app);
    const body = { name: 'Laura', email: newEmail(), password: 'clave12', account_id: admin.accountId };

    const foreign = await register(admin.token, { ...body, role_id: other.roleId });
    expect((await expectError(foreign, 400, 'VALIDATION', m.rolAjeno)).details).toEqual({
      role_id: m.rolAjeno,
    });
    const stronger = await roleIn(sql, admin.accountId, 'JEFE', ['USUARIOS_GESTIONAR', 'CUENTAS_GESTIONAR']);
    await expectError(
      await register(admin.token, { ...body, role_id: stronger }),
      403,
      'FORBIDDEN',
      roleMessages.permisosAjenos,
    );
    const weaker = await roleIn(sql, admin.accountId, 'LECTOR', ['PRESTAMOS_VER']);
    await dataOf(await register(admin.token, { ...body, role_id: weaker }), 201);
  });

  it('is refused without USUARIOS_GESTIONAR', async () => {
    const cobrador = await signIn(sql, app, ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER']);
    const body = { name: 'X', email: newEmail(), password: 'clave12', account_id: cobrador.accountId };
    for (const [method, path] of [
      ['POST', '/api/register-user'],
      ['GET', '/api/list-users'],
      ['PUT', `/api/users/${cobrador.userId}`],
      ['DELETE', `/api/delete-user/${cobrador.userId}`],
    ] as const) {
      await expectError(
        await send(app, method, path, cobrador.token, body),
        403,
        'FORBIDDEN',
        mensajes.sinPermiso,
      );
    }
    await expectError(await send(app, 'GET', '/api/list-users'), 401, 'UNAUTHENTICATED');
  });

  it('answers BAD_JSON to a malformed body and never a 500', async () => {
    const admin = await signIn(sql, app);
    await expectError(await register(admin.token, '{"email":'), 400, 'BAD_JSON', mensajes.jsonInvalido);
    await expectNoServerErrors(app, admin.token, [
      ['POST', '/api/register-user'],
      ['PUT', `/api/users/${admin.userId}`],
    ]);
  });
});
