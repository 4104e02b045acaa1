import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { syncMessages as m } from '../../shared/payments/messages';
import { encodePullResponse } from '../../shared/sync/columnar';
import { PULL_HEADERS } from '../../shared/sync/pull-headers';
import { conflictListQuerySchema, pullSchema, pushSchema } from '../../shared/sync/schemas';
import { requireAuth, requirePermission } from '../auth/middleware';
import { fieldHub } from '../field/live';
import { recordPending, touchDevice } from '../field/queries';
import { jsonBody, queryParams } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { listConflicts, reviewConflict } from './conflict-queries';
import { processPull } from './pull';
import { processPush } from './push';

/** The sync protocol (docs/sincronizacion.md) and the office's 'Conflictos de sincronización' list. */
export function syncRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const timeZone = deps.config.timeZone;
  const field = fieldHub(sql, deps.config.databaseUrl === null);

  routes.post('/sync/push', auth, requirePermission('PAGOS_REGISTRAR'), jsonBody(pushSchema), async (c) => {
    const userAgent = c.req.header('User-Agent')?.slice(0, 300) ?? null;
    const auth = c.get('auth');
    const input = c.req.valid('json');
    const response = await processPush(sql, auth, input, { timeZone, userAgent });
    // 'En campo': what the phone still holds, and the office's open screens read again (both after the commit).
    if (input.pendientes !== undefined && response.stopped === undefined)
      await recordPending(sql, input.clientId, auth.userId, input.pendientes);
    if (response.results.some((r) => r.status !== 'rejected')) await field.publish(auth.accountId);
    return c.json(response);
  });

  routes.post('/sync/pull', auth, requirePermission('PRESTAMOS_VER'), jsonBody(pullSchema), async (c) => {
    const input = c.req.valid('json');
    const page = await processPull(sql, c.get('auth'), input, { timeZone });
    await touchDevice(sql, input.clientId, c.get('auth').userId);
    // What the next request needs, ahead of the body: a device asks for the next page as soon as the headers
    // arrive, so the server reads it while the device still downloads and decodes this one.
    c.header(PULL_HEADERS.cursor, page.cursor);
    c.header(PULL_HEADERS.hasMore, page.hasMore ? '1' : '0');
    if (page.reset) c.header(PULL_HEADERS.reset, '1');
    return c.json(input.format ? encodePullResponse(page, input.format) : page);
  });

  const office = requirePermission('PRESTAMOS_CREAR');

  routes.get('/sync/conflicts', auth, office, queryParams(conflictListQuerySchema), async (c) => {
    const { reviewed } = c.req.valid('query');
    const filter = reviewed === 'all' ? null : reviewed === 'true';
    return c.json({ data: await listConflicts(sql, c.get('auth'), filter) });
  });

  routes.post('/sync/conflicts/:id{[0-9]{1,15}}/review', auth, office, async (c) => {
    const auth = c.get('auth');
    const conflict = await reviewConflict(sql, auth, Number(c.req.param('id')), auth.userId);
    if (!conflict) throw new AppError('NOT_FOUND', m.conflictoNoEncontrado);
    return c.json({ data: conflict });
  });

  return routes;
}
