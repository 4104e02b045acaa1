import { Hono } from 'hono';
import { egresoMessages as m } from '../../shared/egresos/messages';
import { egresoSchema } from '../../shared/egresos/schemas';
import type { EgresosResponse } from '../../shared/egresos/types';
import { AppError } from '../../shared/errors';
import { cents, toCents, toPesos } from '../../shared/money';
import { type DateRangeQuery, dateRangeQuerySchema } from '../../shared/reports/schemas';
import { requireAnyPermission, requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import { rangeOrCurrentMonth } from '../reports/report-range';
import type { AppDeps, AppEnv } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { egresosWorkbook } from './egresos-file';
import {
  catalogoExists,
  egresoTotals,
  findEgreso,
  insertEgreso,
  listCatalogo,
  listEgresos,
  updateEgreso,
} from './queries';

const ID = ':id{[0-9]{1,15}}';

/** docs/producto.md §7 egresos: list with totals per concept, create, edit, the catalogue, and the list as .xlsx. */
export function egresoRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const manage = requirePermission('EGRESOS_GESTIONAR');

  async function list(accountId: number, query: DateRangeQuery): Promise<EgresosResponse> {
    const range = rangeOrCurrentMonth(query, config.timeZone);
    const [egresos, summary] = await Promise.all([
      listEgresos(sql, accountId, range),
      egresoTotals(sql, accountId, range),
    ]);
    const total = toPesos(cents(summary.reduce((sum, s) => sum + (toCents(s.total) ?? 0), 0)));
    return { data: { egresos, summary, total, fechaInicio: range.from, fechaFin: range.to } };
  }

  routes.get('/list-egresos', auth, manage, queryParams(dateRangeQuerySchema), async (c) =>
    c.json(await list(c.get('auth').accountId, c.req.valid('query'))),
  );
  routes.get('/list-egresos/file', auth, manage, queryParams(dateRangeQuerySchema), async (c) => {
    const report = await list(c.get('auth').accountId, c.req.valid('query'));
    return c.body(new Uint8Array(egresosWorkbook(report)), 200, {
      ...xlsxHeaders(`egresos-${report.data.fechaInicio}-${report.data.fechaFin}.xlsx`),
    });
  });

  // The income statement's readers may see the concepts too.
  routes.get(
    '/list-catalogo-egresos',
    auth,
    requireAnyPermission('EGRESOS_GESTIONAR', 'REPORTES_VER'),
    async (c) => c.json({ data: await listCatalogo(sql, c.get('auth').accountId) }),
  );

  const checkConcept = async (accountId: number, id: number) => {
    if (!(await catalogoExists(sql, accountId, id))) {
      throw new AppError('VALIDATION', m.conceptoRequerido, { id_catalogo: m.conceptoRequerido });
    }
  };

  routes.post('/guardar-egreso', auth, manage, jsonBody(egresoSchema), async (c) => {
    const { accountId, userId } = c.get('auth');
    const input = c.req.valid('json');
    await checkConcept(accountId, input.id_catalogo);
    const id = await insertEgreso(sql, accountId, userId, input);
    return c.json({ data: await findEgreso(sql, accountId, id), message: m.registrado }, 201);
  });

  routes.put(`/egresos/${ID}`, auth, manage, jsonBody(egresoSchema), async (c) => {
    const { accountId } = c.get('auth');
    const id = Number(c.req.param('id'));
    const input = c.req.valid('json');
    if (!(await findEgreso(sql, accountId, id))) throw new AppError('NOT_FOUND', m.noEncontrado);
    await checkConcept(accountId, input.id_catalogo);
    await updateEgreso(sql, accountId, id, input);
    return c.json({ data: await findEgreso(sql, accountId, id), message: m.actualizado });
  });

  return routes;
}
