import { Hono } from 'hono';
import { inversionMessages as m } from '../../shared/inversiones/messages';
import { inversionSchema } from '../../shared/inversiones/schemas';
import { summarizeInversiones } from '../../shared/inversiones/summary';
import type { InversionesResponse } from '../../shared/inversiones/types';
import { type DateRangeQuery, dateRangeQuerySchema } from '../../shared/reports/schemas';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import { rangeOrCurrentMonth } from '../reports/report-range';
import type { AppDeps, AppEnv } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { inversionesWorkbook } from './inversiones-file';
import { insertInversion, listInversiones } from './queries';

/** docs/producto.md §7 inversiones: list with totals per responsible person, create (no edit, docs/producto.md §4), and the .xlsx. */
export function inversionRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const manage = requirePermission('INVERSIONES_GESTIONAR');

  async function list(accountId: number, query: DateRangeQuery): Promise<InversionesResponse> {
    const range = rangeOrCurrentMonth(query, config.timeZone);
    const inversiones = await listInversiones(sql, accountId, range);
    return {
      data: {
        inversiones,
        ...summarizeInversiones(inversiones),
        fechaInicio: range.from,
        fechaFin: range.to,
      },
    };
  }

  routes.get('/list-inversiones', auth, manage, queryParams(dateRangeQuerySchema), async (c) =>
    c.json(await list(c.get('auth').accountId, c.req.valid('query'))),
  );
  routes.get('/list-inversiones/file', auth, manage, queryParams(dateRangeQuerySchema), async (c) => {
    const report = await list(c.get('auth').accountId, c.req.valid('query'));
    return c.body(new Uint8Array(inversionesWorkbook(report)), 200, {
      ...xlsxHeaders(`inversiones-${report.data.fechaInicio}-${report.data.fechaFin}.xlsx`),
    });
  });

  routes.post('/guardar-inversion', auth, manage, jsonBody(inversionSchema), async (c) => {
    const { accountId, userId } = c.get('auth');
    const created = await insertInversion(sql, accountId, userId, c.req.valid('json'));
    return c.json({ data: created, message: m.registrada }, 201);
  });

  return routes;
}
