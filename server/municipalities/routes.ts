import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { municipalityMessages as m } from '../../shared/municipalities/messages';
import {
  municipalityListQuerySchema,
  municipalitySchema,
  municipalityUpdateSchema,
} from '../../shared/municipalities/schemas';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { findMunicipality, insertMunicipality, listMunicipalities, updateMunicipality } from './queries';

const notFound = () => new AppError('NOT_FOUND', m.noEncontrado);

/**
 * docs/producto.md §7 municipalities: list (delete=false by default), get, create, update (also the soft delete).
 * Reads are open to every signed-in user of the account (the loan and sheet screens need them).
 */
export function municipalityRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const manage = requirePermission('MUNICIPIOS_GESTIONAR');

  routes.get('/municipalities', auth, queryParams(municipalityListQuerySchema), async (c) => {
    const { delete: deleted } = c.req.valid('query');
    return c.json({ data: await listMunicipalities(sql, c.get('auth'), deleted) });
  });

  routes.get('/municipalities/:id{[0-9]{1,15}}', auth, async (c) => {
    const found = await findMunicipality(sql, c.get('auth'), Number(c.req.param('id')));
    if (!found) throw notFound();
    return c.json({ data: found });
  });

  routes.post('/municipalities', auth, manage, jsonBody(municipalitySchema), async (c) => {
    const created = await insertMunicipality(sql, c.get('auth').accountId, c.req.valid('json'));
    return c.json({ data: created }, 201);
  });

  routes.put(
    '/municipalities/:id{[0-9]{1,15}}',
    auth,
    manage,
    jsonBody(municipalityUpdateSchema),
    async (c) => {
      const id = Number(c.req.param('id'));
      const updated = await updateMunicipality(sql, c.get('auth'), id, c.req.valid('json'));
      if (!updated) throw notFound();
      return c.json({ data: updated });
    },
  );

  // Soft delete (docs/producto.md §4): the row stays for the loans, clients and sheets that point at it.
  routes.delete('/municipalities/:id{[0-9]{1,15}}', auth, manage, async (c) => {
    const id = Number(c.req.param('id'));
    const updated = await updateMunicipality(sql, c.get('auth'), id, { delete: true });
    if (!updated) throw notFound();
    return c.json({ data: updated });
  });

  return routes;
}
