import { Hono } from 'hono';
import { accountMessages } from '../../shared/accounts/messages';
import { AppError } from '../../shared/errors';
import { roleMessages as m } from '../../shared/roles/messages';
import { createRoleSchema, listRolesQuerySchema } from '../../shared/roles/schemas';
import { assertAccountReachable, holdsAll } from '../accounts/access';
import { findAccount } from '../accounts/queries';
import { requireAnyPermission, requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { ensurePermissionCatalogue, findRole, insertRole, listPermissions, listRoles } from './queries';

/** docs/producto.md §7 roles: create-role, list-roles, list-permissions. docs/producto.md §2: roles have no edit or delete. */
export function roleRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  // The user form fills its role select from these two, so USUARIOS_GESTIONAR may read them too.
  const read = requireAnyPermission('ROLES_GESTIONAR', 'USUARIOS_GESTIONAR');

  routes.post(
    '/create-role',
    auth,
    requirePermission('ROLES_GESTIONAR'),
    jsonBody(createRoleSchema),
    async (c) => {
      const caller = c.get('auth');
      const input = c.req.valid('json');
      const accountId = input.account_id ?? caller.accountId;
      assertAccountReachable(caller, accountId);
      if (!holdsAll(caller, input.permissions)) throw new AppError('FORBIDDEN', m.permisosAjenos);
      if (accountId !== caller.accountId && !(await findAccount(sql, accountId)))
        throw new AppError('VALIDATION', accountMessages.noExiste, { account_id: accountMessages.noExiste });
      await ensurePermissionCatalogue(sql);
      const id = await insertRole(sql, accountId, input);
      if (id === 'duplicate') throw new AppError('CONFLICT', m.nombreDuplicado);
      return c.json({ data: (await findRole(sql, accountId, id))! }, 201);
    },
  );

  routes.get('/list-roles', auth, read, queryParams(listRolesQuerySchema), async (c) => {
    const caller = c.get('auth');
    const accountId = c.req.valid('query').accountId ?? caller.accountId;
    assertAccountReachable(caller, accountId);
    return c.json({ data: await listRoles(sql, accountId) });
  });

  routes.get('/list-permissions', auth, read, async (c) => {
    await ensurePermissionCatalogue(sql);
    return c.json({ data: await listPermissions(sql) });
  });

  return routes;
}
