import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { importMessages as m } from '../../shared/imports/messages';
import { importBatchSchema } from '../../shared/imports/schemas';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody } from '../http/validate';
import { listMunicipalities } from '../municipalities/queries';
import { listPaymentMethods } from '../payment-methods/queries';
import type { AppDeps, AppEnv } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { importLoans } from './import-loans';
import { importTemplate } from './template';

/**
 * docs/producto.md §2.22 and §7: the import template, and one batch of a filled-in file (read in the browser; the
 * server never parses a spreadsheet). Importing creates clients and loans, so it needs both permissions.
 */
export function importRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('PRESTAMOS_CREAR', 'CLIENTES_GESTIONAR')] as const;

  routes.get('/imports/template', ...guard, async (c) => {
    const scope = c.get('auth');
    const [towns, methods] = await Promise.all([
      listMunicipalities(sql, scope, false),
      listPaymentMethods(sql, scope.accountId),
    ]);
    const file = await importTemplate(towns, methods);
    return c.body(new Uint8Array(file), 200, xlsxHeaders('plantilla-importacion.xlsx'));
  });

  // One transaction per batch: a refused batch leaves nothing behind, and a batch sent again creates nothing twice.
  routes.post('/imports/loans', ...guard, jsonBody(importBatchSchema), async (c) => {
    const auth = c.get('auth');
    const { loans } = c.req.valid('json');
    const today = businessToday(deps.config.timeZone);
    const data = await sql.begin((tx) => importLoans(tx, { ...auth, today }, loans));
    return c.json({ data, message: m.importado(data.creados, data.existentes) });
  });

  return routes;
}
