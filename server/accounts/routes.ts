import { Hono } from 'hono';
import { accountMessages as m } from '../../shared/accounts/messages';
import { accountSchema } from '../../shared/accounts/schemas';
import { AppError } from '../../shared/errors';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import {
  accountNameTaken,
  deleteEmptyAccount,
  findAccount,
  insertAccount,
  listAccounts,
  updateAccount,
} from './queries';

const notFound = () => new AppError('NOT_FOUND', m.noEncontrada);
const duplicate = () => new AppError('CONFLICT', m.nombreDuplicado);

/** docs/producto.md §7 accounts: get all, get, create, update, delete. Only CUENTAS_GESTIONAR (it spans every account). */
export function accountRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('CUENTAS_GESTIONAR')] as const;

  routes.get('/accounts', ...guard, async (c) => c.json({ data: await listAccounts(sql) }));

  routes.get('/accounts/:id{[0-9]{1,15}}', ...guard, async (c) => {
    const found = await findAccount(sql, Number(c.req.param('id')));
    if (!found) throw notFound();
    return c.json({ data: found });
  });

  routes.post('/accounts', ...guard, jsonBody(accountSchema), async (c) => {
    const input = c.req.valid('json');
    if (await accountNameTaken(sql, input.name)) throw duplicate();
    return c.json({ data: await insertAccount(sql, input) }, 201);
  });

  routes.put('/accounts/:id{[0-9]{1,15}}', ...guard, jsonBody(accountSchema), async (c) => {
    const id = Number(c.req.param('id'));
    const input = c.req.valid('json');
    if (!(await findAccount(sql, id))) throw notFound();
    if (await accountNameTaken(sql, input.name, id)) throw duplicate();
    const updated = await updateAccount(sql, id, input);
    if (!updated) throw notFound();
    return c.json({ data: updated });
  });

  routes.delete('/accounts/:id{[0-9]{1,15}}', ...guard, async (c) => {
    const id = Number(c.req.param('id'));
    if (id === c.get('auth').accountId) throw new AppError('CONFLICT', m.propia);
    const outcome = await deleteEmptyAccount(sql, id);
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'has-data') throw new AppError('CONFLICT', m.conDatos);
    return c.json({ data: { id } });
  });

  return routes;
}
