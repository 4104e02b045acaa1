import { describe, expect, it } from 'vitest';
import { ensurePermissionCatalogue } from '../../../server/roles/queries';
import { accountMessages } from '../../../shared/accounts/messages';
import { mensajes } from '../../../shared/messages';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../../shared/permissions';
import { roleMessages as m } from '../../../shared/roles/messages';
import type { PermissionItem, Role } from '../../../shared/roles/types';
import { allBut, dataOf, expectError, expectNoServerErrors, send, signIn } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

const createRole = (token: string, body: unknown) => send(app, 'POST', '/api/create-role', token, body);

describe('roles', () => {
  it('creates a role (name forced to upper case) and lists it with its permissions', async () => {
    const admin = await signIn(sql, app);
    const res = await createRole(admin.token, {
      role_name: ' capturista ',
      permissions: ['HOJAS_VER', 'PRESTAMOS_VER'],
    });
    const role = await dataOf<Role>(res, 201);
    expect(role).toEqual({
      id: expect.any(Number),
      role_name: 'CAPTURISTA',
      permissions: ['PRESTAMOS_VER', 'HOJAS_VER'],
    });

    const roles = await dataOf<Role[]>(await send(app, 'GET', '/api/list-roles', admin.token));
    expect(roles).toEqual([
      { id: admin.roleId, role_name: 'ADMINISTRADOR', permissions: ALL_PERMISSIONS },
      role,
    ]);
  });

  it('lists every permission of the catalogue with its Spanish description', async () => {
    const admin = await signIn(sql, app);
    const list = await dataOf<PermissionItem[]>(await send(app, 'GET', '/api/list-permissions', admin.token));
    expect(list).toEqual(
      ALL_PERMISSIONS.map((permission) => ({ permission, description: PERMISSIONS[permission] })),
    );
  });

  it('ensurePermissionCatalogue is idempotent and restores stale descriptions', async () => {
    await ensurePermissionCatalogue(sql);
    await ensurePermissionCatalogue(sql);
    const rows = await sql<{ permission: string; description: string }[]>`select permission, description
      from permissions where permission in ${sql(ALL_PERMISSIONS)}`;
    expect(Object.fromEntries(rows.map((r) => [r.permission, r.description]))).toEqual(PERMISSIONS);
  });

  it.each([
    ['missing name', { permissions: ['HOJAS_VER'] }, 'role_name', m.nombreRequerido],
    ['blank name', { role_name: '  ', permissions: ['HOJAS_VER'] }, 'role_name', m.nombreRequerido],
    ['no permissions', { role_name: 'LECTOR', permissions: [] }, 'permissions', m.permisoRequerido],
    ['missing permissions', { role_name: 'LECTOR' }, 'permissions', m.permisoRequerido],
    [
      'unknown permission',
      { role_name: 'LECTOR', permissions: ['VOLAR'] },
      'permissions.0',
      m.permisoInvalido,
    ],
  ])('create-role refuses %s with the SPEC message', async (_case, body, field, message) => {
    const admin = await signIn(sql, app);
    const error = await expectError(await createRole(admin.token, body), 400, 'VALIDATION', message);
    expect(error.details?.[field]).toBe(message);
  });

  it('refuses a duplicate name in the account (409), not in another account', async () => {
    const admin = await signIn(sql, app);
    const other = await signIn(sql, app);
    const body = { role_name: 'Supervisor', permissions: ['PRESTAMOS_VER'] };
    await dataOf(await createRole(admin.token, body), 201);
    await expectError(
      await createRole(admin.token, { ...body, role_name: 'SUPERVISOR ' }),
      409,
      'CONFLICT',
      m.nombreDuplicado,
    );
    await dataOf(await createRole(other.token, body), 201);
  });

  it('never lets a caller grant a permission they do not hold', async () => {
    const manager = await signIn(sql, app, ['ROLES_GESTIONAR', 'PRESTAMOS_VER']);
    const res = await createRole(manager.token, {
      role_name: 'JEFE',
      permissions: ['PRESTAMOS_VER', 'CUENTAS_GESTIONAR'],
    });
    await expectError(res, 403, 'FORBIDDEN', m.permisosAjenos);
    await dataOf(
      await createRole(manager.token, { role_name: 'LECTOR', permissions: ['PRESTAMOS_VER'] }),
      201,
    );
  });

  it('lets the user form read roles and permissions with USUARIOS_GESTIONAR, but not create roles', async () => {
    const users = await signIn(sql, app, ['USUARIOS_GESTIONAR']);
    const cobrador = await signIn(sql, app, ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER']);
    expect(await dataOf<Role[]>(await send(app, 'GET', '/api/list-roles', users.token))).toHaveLength(1);
    await dataOf(await send(app, 'GET', '/api/list-permissions', users.token));
    const body = { role_name: 'X', permissions: ['USUARIOS_GESTIONAR'] };
    await expectError(await createRole(users.token, body), 403, 'FORBIDDEN', mensajes.sinPermiso);
    for (const path of ['/api/list-roles', '/api/list-permissions'])
      await expectError(await send(app, 'GET', path, cobrador.token), 403, 'FORBIDDEN', mensajes.sinPermiso);
    await expectError(await createRole(cobrador.token, body), 403, 'FORBIDDEN');
    await expectError(await send(app, 'GET', '/api/list-roles'), 401, 'UNAUTHENTICATED');
  });

  it("reads and creates another account's roles only with CUENTAS_GESTIONAR", async () => {
    const local = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const root = await signIn(sql, app);
    const target = await signIn(sql, app);
    const body = { role_name: 'COBRADOR', permissions: ['HOJAS_VER'], account_id: target.accountId };

    await expectError(
      await send(app, 'GET', `/api/list-roles?accountId=${target.accountId}`, local.token),
      403,
      'FORBIDDEN',
      accountMessages.otraCuenta,
    );
    await expectError(await createRole(local.token, body), 403, 'FORBIDDEN', accountMessages.otraCuenta);
    const own = await send(app, 'GET', `/api/list-roles?accountId=${local.accountId}`, local.token);
    expect((await dataOf<Role[]>(own)).map((r) => r.id)).toEqual([local.roleId]);

    const created = await dataOf<Role>(await createRole(root.token, body), 201);
    const theirs = await dataOf<Role[]>(
      await send(app, 'GET', `/api/list-roles?accountId=${target.accountId}`, root.token),
    );
    expect(theirs.map((r) => r.id)).toEqual([target.roleId, created.id]);
    const missing = await createRole(root.token, { ...body, account_id: 999999999 });
    expect((await expectError(missing, 400, 'VALIDATION')).details).toEqual({
      account_id: accountMessages.noExiste,
    });
    await expectError(
      await send(app, 'GET', '/api/list-roles?accountId=x', root.token),
      400,
      'VALIDATION',
      m.cuentaInvalida,
    );
  });

  it('answers BAD_JSON to a malformed body and never a 500', async () => {
    const admin = await signIn(sql, app);
    await expectError(await createRole(admin.token, '{"role_name":'), 400, 'BAD_JSON', mensajes.jsonInvalido);
    await expectNoServerErrors(app, admin.token, [['POST', '/api/create-role']]);
  });
});
