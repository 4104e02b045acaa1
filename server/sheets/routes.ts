import { Hono } from 'hono';
import { coverageDateIssue } from '../../shared/date-rules';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { coverageWeekFor } from '../../shared/sheets/coverage-week';
import { sheetMessages as m } from '../../shared/sheets/messages';
import {
  coverageWeekQuerySchema,
  generateSheetSchema,
  sheetListQuerySchema,
  sheetLoansQuerySchema,
  updateSheetSchema,
} from '../../shared/sheets/schemas';
import { sheetState } from '../../shared/sheets/state';
import type {
  CoverageWeekResponse,
  GenerateSheetResponse,
  ProcessSheetResponse,
  SheetStatusResponse,
  WeeklySheet,
} from '../../shared/sheets/types';
import { requireAnyPermission, requireAuth, requirePermission } from '../auth/middleware';
import type { Db } from '../db/connect';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { jsonBody, queryParams } from '../http/validate';
import { lockAccountVersion } from '../sync/account-version';
import type { AppDeps, AppEnv, Scope } from '../types';
import { generateSheet, takeSnapshot } from './generate-sheet';
import { latePayments } from './process-queries';
import { processSheet } from './process-sheet';
import { deleteSheet, findSheet, findSheetMunicipality, listSheets, lockSheet } from './queries';
import { sheetFileInput, sheetFileName } from './sheet-file';
import { sheetLoans } from './sheet-loans-queries';
import { buildSheetWorkbook } from './xlsx/sheet-workbook';

const ID = ':id{[0-9]{1,15}}';
const notFound = () => new AppError('NOT_FOUND', m.noEncontrada);

/** A coverage date far from today (1970, 2099) is refused before any sheet is looked for or written. */
function assertCoverageDate(date: string | undefined, today: string) {
  const issue = date === undefined ? null : coverageDateIssue(date, today);
  if (issue) throw new AppError('VALIDATION', issue, { coverageWeek: issue });
}

async function mustFind(db: Db, scope: Scope, id: number): Promise<WeeklySheet> {
  const sheet = await findSheet(db, scope, id);
  if (!sheet) throw notFound();
  return sheet;
}

/** docs/producto.md §7 weekly sheets: coverage week, generation, list, one, edit, delete, status, loans, file, processing. */
export function sheetRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const read = requirePermission('HOJAS_VER');
  const generate = requirePermission('HOJAS_GENERAR');
  const processing = requirePermission('HOJAS_PROCESAR');
  const actor = (a: AppEnv['Variables']['auth']) => ({
    accountId: a.accountId,
    municipios: a.municipios,
    userId: a.userId,
    timeZone: config.timeZone,
  });

  routes.get(
    '/coverage-week',
    auth,
    requireAnyPermission('HOJAS_GENERAR', 'HOJAS_VER'),
    queryParams(coverageWeekQuerySchema),
    async (c) => {
      const { municipalityId } = c.req.valid('query');
      const municipality = await findSheetMunicipality(sql, c.get('auth'), municipalityId);
      if (!municipality) throw new AppError('NOT_FOUND', m.municipioNoEncontrado);
      const week = coverageWeekFor(municipality.collection_day, businessToday(config.timeZone));
      return c.json({ ...week, municipalityId } satisfies CoverageWeekResponse);
    },
  );

  for (const path of ['/hoja-de-cobro', '/weekly-sheets']) {
    routes.post(path, auth, generate, jsonBody(generateSheetSchema), async (c) => {
      const a = c.get('auth');
      const { municipalityId, coverageWeek } = c.req.valid('json');
      assertCoverageDate(coverageWeek, businessToday(config.timeZone));
      const result = await generateSheet(sql, actor(a), municipalityId, coverageWeek);
      const data = await mustFind(sql, a, result.id);
      const body: GenerateSheetResponse = { data, refreshed: result.refreshed, message: m.generada };
      return c.json(body, result.refreshed ? 200 : 201);
    });
  }

  routes.get('/weekly-sheets', auth, read, queryParams(sheetListQuerySchema), async (c) => {
    return c.json({
      data: await listSheets(sql, c.get('auth'), c.req.valid('query'), config.timeZone),
    });
  });

  routes.get(`/weekly-sheets/${ID}`, auth, read, async (c) => {
    return c.json({ data: await mustFind(sql, c.get('auth'), Number(c.req.param('id'))) });
  });

  // Moves an unprocessed sheet to the week of another date, taking its snapshot again.
  routes.put(`/weekly-sheets/${ID}`, auth, generate, jsonBody(updateSheetSchema), async (c) => {
    const scope = c.get('auth');
    const { accountId } = scope;
    const id = Number(c.req.param('id'));
    const { coverageWeek } = c.req.valid('json');
    assertCoverageDate(coverageWeek, businessToday(config.timeZone));
    try {
      await sql.begin(async (tx) => {
        await lockAccountVersion(tx, accountId);
        const sheet = await lockSheet(tx, scope, id);
        if (!sheet) throw notFound();
        if (sheet.processed) throw new AppError('CONFLICT', m.yaProcesada);
        const municipality = await findSheetMunicipality(tx, scope, sheet.municipality_id);
        const week = coverageWeekFor(municipality!.collection_day, coverageWeek);
        await takeSnapshot(tx, accountId, id, sheet.municipality_id, week, businessToday(config.timeZone));
      });
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', m.yaExisteEnSemana);
      throw err;
    }
    return c.json({ data: await mustFind(sql, scope, id), message: m.actualizada });
  });

  routes.delete(`/weekly-sheets/${ID}`, auth, generate, async (c) => {
    const scope = c.get('auth');
    const id = Number(c.req.param('id'));
    await sql.begin(async (tx) => {
      await lockAccountVersion(tx, scope.accountId);
      const sheet = await lockSheet(tx, scope, id);
      if (!sheet) throw notFound();
      if (sheet.processed) throw new AppError('CONFLICT', m.noSePuedeEliminar);
      await deleteSheet(tx, scope.accountId, id);
    });
    return c.json({ message: m.eliminada });
  });

  routes.get(`/weekly-sheets/${ID}/status`, auth, read, async (c) => {
    const scope = c.get('auth');
    const sheet = await mustFind(sql, scope, Number(c.req.param('id')));
    const late = await latePayments(sql, scope.accountId, sheet.id);
    const body: SheetStatusResponse = {
      data: {
        id: sheet.id,
        state: sheetState(sheet),
        processed: sheet.processed,
        proccessing_date: sheet.proccessing_date,
        monto_esperado: sheet.monto_esperado,
        monto_cobrado: sheet.monto_cobrado,
        errors: sheet.log.errors?.length ?? 0,
        warnings: sheet.log.warnings?.length ?? 0,
        late_payments: late.map((l) => ({ ...l, message: m.pagoDespuesDeProcesar })),
      },
    };
    return c.json(body);
  });

  routes.get(`/weekly-sheets/${ID}/file`, auth, read, async (c) => {
    const scope = c.get('auth');
    const sheet = await mustFind(sql, scope, Number(c.req.param('id')));
    const file = buildSheetWorkbook(sheetFileInput(sheet, await sheetLoans(sql, scope.accountId, sheet.id)));
    return c.body(new Uint8Array(file), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${sheetFileName(sheet)}"`,
    });
  });

  routes.get('/loans-weekly-sheets', auth, read, queryParams(sheetLoansQuerySchema), async (c) => {
    const scope = c.get('auth');
    const sheet = await mustFind(sql, scope, c.req.valid('query').weeklySheetId);
    return c.json({ data: await sheetLoans(sql, scope.accountId, sheet.id) });
  });

  routes.post(`/process-weekly-sheet/${ID}`, auth, processing, async (c) => {
    const a = c.get('auth');
    const id = Number(c.req.param('id'));
    const log = await processSheet(sql, actor(a), id);
    const body: ProcessSheetResponse = { success: true, ...log, data: await mustFind(sql, a, id) };
    return c.json(body);
  });

  return routes;
}
