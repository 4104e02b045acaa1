import { Hono } from 'hono';
import { accountMessages } from '../../shared/accounts/messages';
import { AppError } from '../../shared/errors';
import { roleMessages } from '../../shared/roles/messages';
import { userMessages as m } from '../../shared/users/messages';
import { type RegisterUserInput, registerUserSchema, updateUserSchema } from '../../shared/users/schemas';
import { actsAcrossAccounts, assertAccountReachable, holdsAll } from '../accounts/access';
import { findAccount } from '../accounts/queries';
import { forgetUser } from '../auth/active-users';
import { requireAuth, requirePermission } from '../auth/middleware';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connect';
import { jsonBody } from '../http/validate';
import { findRole } from '../roles/queries';
import type { AppDeps, AppEnv, AuthInfo } from '../types';
import { deleteUser, findUser, insertUser, listUsers, setUserMunicipalities, updateUser } from './queries';

const notFound = () => new AppError('NOT_FOUND', m.noEncontrado);
const duplicate = () => new AppError('CONFLICT', m.emailDuplicado);
const badMunicipios = () =>
  new AppError('VALIDATION', m.municipiosInvalidos, { municipios: m.municipiosInvalidos });

/** Users the caller may see: their account's, or every account's with CUENTAS_GESTIONAR. */
const visibleAccount = (caller: AuthInfo) => (actsAcrossAccounts(caller) ? null : caller.accountId);

/**
 * Where a user may be put: the caller's own account (another only with CUENTAS_GESTIONAR, else 403), an
 * account that exists, and a role of that account whose permissions the caller holds (no escalation).
 */
async function assertPlacement(
  db: Db,
  caller: AuthInfo,
  input: Pick<RegisterUserInput, 'account_id' | 'role_id'>,
) {
  assertAccountReachable(caller, input.account_id);
  if (input.account_id !== caller.accountId && !(await findAccount(db, input.account_id)))
    throw new AppError('VALIDATION', accountMessages.noExiste, { account_id: accountMessages.noExiste });
  if (input.role_id === null) return;
  const role = await findRole(db, input.account_id, input.role_id);
  if (!role) throw new AppError('VALIDATION', m.rolAjeno, { role_id: m.rolAjeno });
  if (!holdsAll(caller, role.permissions)) throw new AppError('FORBIDDEN', roleMessages.permisosAjenos);
}

/** The target user, seen through the caller's scope (404 otherwise) and not holding more power than the caller. */
async function managedUser(db: Db, caller: AuthInfo, id: number) {
  const found = await findUser(db, visibleAccount(caller), id);
  if (!found) throw notFound();
  if (!holdsAll(caller, found.rolePermissions)) throw new AppError('FORBIDDEN', m.permisosAjenos);
  return found.user;
}

/** docs/producto.md §7 users: register-user, list-users, delete-user/{id}, and the update through the resource path. */
export function userRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('USUARIOS_GESTIONAR')] as const;

  routes.post('/register-user', ...guard, jsonBody(registerUserSchema), async (c) => {
    const caller = c.get('auth');
    const { password, municipios, ...input } = c.req.valid('json');
    await assertPlacement(sql, caller, input);
    const passwordHash = await hashPassword(password, deps.config.passwordCost);
    const id = await sql.begin(async (tx) => {
      const created = await insertUser(tx, { ...input, passwordHash });
      if (created === 'duplicate') throw duplicate();
      if ((await setUserMunicipalities(tx, created, input.account_id, municipios ?? null)) === 'invalid')
        throw badMunicipios();
      return created;
    });
    return c.json({ data: (await findUser(sql, null, id))!.user }, 201);
  });

  routes.get('/list-users', ...guard, async (c) =>
    c.json({ data: await listUsers(sql, visibleAccount(c.get('auth'))) }),
  );

  routes.put('/users/:id{[0-9]{1,15}}', ...guard, jsonBody(updateUserSchema), async (c) => {
    const caller = c.get('auth');
    const id = Number(c.req.param('id'));
    const { password, role_id, municipios, ...fields } = c.req.valid('json');
    const current = await managedUser(sql, caller, id);
    const input = { ...fields, role_id: role_id === undefined ? current.role_id : role_id };
    await assertPlacement(sql, caller, input);
    const passwordHash =
      password === undefined ? undefined : await hashPassword(password, deps.config.passwordCost);
    // Someone else's new password or account ends their sessions; one's own edit keeps the current one.
    const endSessions =
      id !== caller.userId && (passwordHash !== undefined || input.account_id !== current.account_id);
    // Another account's municipalities never carry over: a move without a new list means all of the new one's.
    const assignment =
      municipios !== undefined ? municipios : input.account_id !== current.account_id ? null : undefined;
    const outcome = await updateUser(sql, id, { ...input, passwordHash }, endSessions, async (tx) => {
      if (assignment === undefined) return;
      if ((await setUserMunicipalities(tx, id, input.account_id, assignment)) === 'invalid')
        throw badMunicipios();
    });
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'duplicate') throw duplicate();
    // A move to another account ends their current access tokens here at once, not within the check's seconds.
    forgetUser(sql, id);
    return c.json({ data: (await findUser(sql, null, id))!.user });
  });

  routes.delete('/delete-user/:id{[0-9]{1,15}}', ...guard, async (c) => {
    const caller = c.get('auth');
    const id = Number(c.req.param('id'));
    if (id === caller.userId) throw new AppError('CONFLICT', m.propio);
    await managedUser(sql, caller, id);
    if ((await deleteUser(sql, id)) === 'has-history') throw new AppError('CONFLICT', m.conMovimientos);
    forgetUser(sql, id);
    return c.json({ data: { id } });
  });

  return routes;
}
