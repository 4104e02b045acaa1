import { Hono } from 'hono';
import { accountMessages as m } from '../../shared/accounts/messages';
import { accountExportQuerySchema, accountSchema } from '../../shared/accounts/schemas';
import { AppError } from '../../shared/errors';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { assertAccountReachable } from './access';
import { exportFileName, exportJson, exportWorkbook, readAccountExport } from './export';
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

/**
 * docs/producto.md §7 accounts: get all, get, create, update, delete, and export everything an account holds. Only
 * CUENTAS_GESTIONAR (it spans every account).
 */
export function accountRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('CUENTAS_GESTIONAR')] as const;

  routes.get('/accounts', ...guard, async (c) => c.json({ data: await listAccounts(sql) }));

  routes.get('/accounts/:id{[0-9]{1,15}}', ...guard, async (c) => {
    const found = await findAccount(sql, Number(c.req.param('id')));
    if (!found) throw notFound();
    return c.json({ data: found });
  });

  // The account's books as one .xlsx or one JSON file (server/accounts/export.ts), named after the account and the day.
  routes.get(
    '/accounts/:id{[0-9]{1,15}}/export',
    ...guard,
    queryParams(accountExportQuerySchema),
    async (c) => {
      const id = Number(c.req.param('id'));
      assertAccountReachable(c.get('auth'), id);
      const { formato } = c.req.valid('query');
      const data = await readAccountExport(sql, id, config.timeZone);
      if (!data) throw notFound();
      const fileName = exportFileName(data, formato);
      if (formato === 'json')
        return c.body(exportJson(data), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
        });
      return c.body(new Uint8Array(await exportWorkbook(data)), 200, xlsxHeaders(fileName));
    },
  );

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
