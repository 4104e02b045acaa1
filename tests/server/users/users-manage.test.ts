import { describe, expect, it } from 'vitest';
import { userMessages as m } from '../../../shared/users/messages';
import type { UserListItem } from '../../../shared/users/types';
import { allBut, dataOf, expectError, newEmail, roleIn, send, signIn } from '../helpers/catalog';
import { connectTestSql, loginToken, postJson, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

const register = (token: string, body: unknown) => send(app, 'POST', '/api/register-user', token, body);

describe('update and delete users', () => {
  it('updates a user; an empty password keeps the old one, a new one replaces it and ends their sessions', async () => {
    const admin = await signIn(sql, app);
    const email = newEmail();
    const user = await dataOf<UserListItem>(
      await register(admin.token, {
        name: 'Pedro',
        email,
        password: 'original',
        account_id: admin.accountId,
      }),
      201,
    );
    const login = await postJson(app, '/api/login', { email, password: 'original' });
    const { refreshToken } = (await login.json()) as { refreshToken: string };

    const put = (body: object) => send(app, 'PUT', `/api/users/${user.id}`, admin.token, body);
    const base = { name: 'Pedro Ruiz', email, account_id: admin.accountId, role_id: admin.roleId };
    const renamed = await dataOf<UserListItem>(await put({ ...base, password: '' }));
    expect(renamed).toMatchObject({ name: 'Pedro Ruiz', role_id: admin.roleId, role_name: 'ADMINISTRADOR' });
    await loginToken(app, { email, password: 'original' });
    const refreshed = await postJson(app, '/api/refresh-token', { refreshToken });
    expect(refreshed.status).toBe(200);
    const { refresh_token: latest } = (await refreshed.json()) as { refresh_token: string };

    await dataOf(await put({ ...base, password: 'cambiada' }));
    await loginToken(app, { email, password: 'cambiada' });
    expect((await postJson(app, '/api/login', { email, password: 'original' })).status).toBe(401);
    expect((await postJson(app, '/api/refresh-token', { refreshToken: latest })).status).toBe(401);

    await expectError(await put({ ...base, password: 'abc' }), 400, 'VALIDATION', m.contrasenaCorta);
    await expectError(await put({ ...base, name: '' }), 400, 'VALIDATION', m.nombreRequerido);
    const other = await signIn(sql, app);
    await expectError(await put({ ...base, email: other.email }), 409, 'CONFLICT', m.emailDuplicado);
  });

  it('an absent role_id keeps the role, null removes it, and a kept role must fit a new account', async () => {
    const root = await signIn(sql, app);
    const elsewhere = await signIn(sql, app);
    const email = newEmail();
    const body = { name: 'Rita', email, account_id: root.accountId };
    const user = await dataOf<UserListItem>(
      await register(root.token, { ...body, password: 'clave12', role_id: root.roleId }),
      201,
    );
    const put = (extra: object) =>
      send(app, 'PUT', `/api/users/${user.id}`, root.token, { ...body, ...extra });

    expect((await dataOf<UserListItem>(await put({}))).role_id).toBe(root.roleId);
    const moved = await put({ account_id: elsewhere.accountId });
    expect((await expectError(moved, 400, 'VALIDATION', m.rolAjeno)).details).toEqual({
      role_id: m.rolAjeno,
    });
    expect(await dataOf<UserListItem>(await put({ role_id: null }))).toMatchObject({
      role_id: null,
      role_name: null,
    });
    const placed = await dataOf<UserListItem>(
      await put({ account_id: elsewhere.accountId, role_id: elsewhere.roleId }),
    );
    expect(placed).toMatchObject({ account_id: elsewhere.accountId, role_id: elsewhere.roleId });
  });

  it("answers 404 for another account's user unless the caller has CUENTAS_GESTIONAR", async () => {
    const local = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const root = await signIn(sql, app);
    const victim = await signIn(sql, app, ['PRESTAMOS_VER']);
    const body = {
      name: 'Cambiado',
      email: victim.email,
      account_id: victim.accountId,
      role_id: victim.roleId,
    };

    await expectError(
      await send(app, 'PUT', `/api/users/${victim.userId}`, local.token, body),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    await expectError(
      await send(app, 'DELETE', `/api/delete-user/${victim.userId}`, local.token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    expect(
      (await dataOf<UserListItem>(await send(app, 'PUT', `/api/users/${victim.userId}`, root.token, body)))
        .name,
    ).toBe('Cambiado');
    expect(await dataOf(await send(app, 'DELETE', `/api/delete-user/${victim.userId}`, root.token))).toEqual({
      id: victim.userId,
    });
  });

  it('deletes a user, but never oneself, a stronger user, or one with recorded activity', async () => {
    const admin = await signIn(sql, app, ['USUARIOS_GESTIONAR', 'PRESTAMOS_VER']);
    const body = { name: 'Temporal', password: 'clave12', account_id: admin.accountId };
    const temp = await dataOf<UserListItem>(await register(admin.token, { ...body, email: newEmail() }), 201);

    await expectError(
      await send(app, 'DELETE', `/api/delete-user/${admin.userId}`, admin.token),
      409,
      'CONFLICT',
      m.propio,
    );
    expect(await dataOf(await send(app, 'DELETE', `/api/delete-user/${temp.id}`, admin.token))).toEqual({
      id: temp.id,
    });
    await expectError(
      await send(app, 'DELETE', `/api/delete-user/${temp.id}`, admin.token),
      404,
      'NOT_FOUND',
    );

    const boss = await roleIn(sql, admin.accountId, 'DUENO', ['USUARIOS_GESTIONAR', 'CUENTAS_GESTIONAR']);
    const [strong] = await sql<
      { id: number }[]
    >`insert into users (account_id, role_id, name, email, password_hash)
      values (${admin.accountId}, ${boss}, 'Dueño', ${newEmail()}, 'x') returning id`;
    await expectError(
      await send(app, 'DELETE', `/api/delete-user/${strong!.id}`, admin.token),
      403,
      'FORBIDDEN',
      m.permisosAjenos,
    );
    const edit = {
      name: 'Hackeado',
      email: newEmail(),
      password: 'robada1',
      account_id: admin.accountId,
      role_id: boss,
    };
    await expectError(
      await send(app, 'PUT', `/api/users/${strong!.id}`, admin.token, edit),
      403,
      'FORBIDDEN',
    );

    const worker = await dataOf<UserListItem>(
      await register(admin.token, { ...body, email: newEmail() }),
      201,
    );
    await sql`insert into audit_log (account_id, user_id, entity, entity_id, action)
      values (${admin.accountId}, ${worker.id}, 'amortizations', 1, 'update')`;
    await expectError(
      await send(app, 'DELETE', `/api/delete-user/${worker.id}`, admin.token),
      409,
      'CONFLICT',
      m.conMovimientos,
    );
  });
});
