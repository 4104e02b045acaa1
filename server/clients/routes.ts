import { Hono } from 'hono';
import { clientMessages as m } from '../../shared/clients/messages';
import { type ClientInput, clientListQuerySchema, clientSchema } from '../../shared/clients/schemas';
import { AppError } from '../../shared/errors';
import { requireAnyPermission, requireAuth, requirePermission } from '../auth/middleware';
import type { Db } from '../db/connect';
import { jsonBody, queryParams } from '../http/validate';
import { findMunicipality } from '../municipalities/queries';
import type { AppDeps, AppEnv, Scope } from '../types';
import { deleteClient, findClient, insertClient, listClients, updateClient } from './queries';

const notFound = () => new AppError('NOT_FOUND', m.noEncontrado);

/**
 * The municipality must be one of the account's and not soft-deleted; a client already in a municipality
 * that was deleted afterwards may keep it (`currentId`), so editing its phone still works.
 */
async function assertMunicipality(db: Db, scope: Scope, input: ClientInput, currentId?: number) {
  const found = await findMunicipality(db, scope, input.municipality_id);
  if (!found || (found.delete && found.id !== currentId))
    throw new AppError('VALIDATION', m.municipioNoExiste, { municipality_id: m.municipioNoExiste });
}

/** docs/producto.md §7 clients: POST /add-client plus the generic resource (list with municipality, get, create, update, delete). */
export function clientRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  // The loan screens read clients too (list, detail, client search of a new loan).
  const read = requireAnyPermission('CLIENTES_GESTIONAR', 'PRESTAMOS_VER', 'PRESTAMOS_CREAR');
  const manage = requirePermission('CLIENTES_GESTIONAR');

  routes.get('/clients', auth, read, queryParams(clientListQuerySchema), async (c) => {
    const { municipalityId } = c.req.valid('query');
    return c.json({ data: await listClients(sql, c.get('auth'), { municipalityId }) });
  });

  routes.get('/clients/:id{[0-9]{1,15}}', auth, read, async (c) => {
    const found = await findClient(sql, c.get('auth'), Number(c.req.param('id')));
    if (!found) throw notFound();
    return c.json({ data: found });
  });

  // docs/producto.md §7: add-client "returns the new id"; the generic create answers the same body.
  for (const path of ['/add-client', '/clients']) {
    routes.post(path, auth, manage, jsonBody(clientSchema), async (c) => {
      const scope = c.get('auth');
      const input = c.req.valid('json');
      await assertMunicipality(sql, scope, input);
      const id = await insertClient(sql, scope.accountId, input);
      return c.json({ id, data: (await findClient(sql, scope, id))! }, 201);
    });
  }

  routes.put('/clients/:id{[0-9]{1,15}}', auth, manage, jsonBody(clientSchema), async (c) => {
    const scope = c.get('auth');
    const id = Number(c.req.param('id'));
    const input = c.req.valid('json');
    const current = await findClient(sql, scope, id);
    if (!current) throw notFound();
    await assertMunicipality(sql, scope, input, current.municipality_id);
    if (!(await updateClient(sql, scope, id, input))) throw notFound();
    return c.json({ data: (await findClient(sql, scope, id))! });
  });

  routes.delete('/clients/:id{[0-9]{1,15}}', auth, manage, async (c) => {
    const id = Number(c.req.param('id'));
    const outcome = await deleteClient(sql, c.get('auth'), id);
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'has-loans') throw new AppError('CONFLICT', m.conPrestamos);
    return c.json({ data: { id } });
  });

  return routes;
}
