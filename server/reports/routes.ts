import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { dateRangeQuerySchema, municipalitySummaryQuerySchema } from '../../shared/reports/schemas';
import { requireAuth, requirePermission } from '../auth/middleware';
import { queryParams } from '../http/validate';
import type { AppDeps, AppEnv, Scope } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { financialSummary, municipalitySummary } from './financial-summary';
import { incomeStatementFor } from './income-statement';
import { defaultPortfolioRange, portfolioReport } from './portfolio';
import { incomeWorkbook, municipalityWorkbook, portfolioWorkbook, summaryWorkbook } from './report-files';
import { boundedRange, rangeOrCurrentMonth } from './report-range';

const file = (bytes: Buffer) => new Uint8Array(bytes);

/**
 * docs/producto.md §7 reports (resumen_creditos_cobros, resumen_creditos_cobros_municipio, estado-resultados) and the
 * portfolio health of docs/reglas-del-negocio.md (reporte-cartera), each also as an .xlsx under `<call>/file`. REPORTES_VER.
 */
export function reportRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  // Reports may read from a replica (docs/arquitectura.md); the deps carry one connection today.
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('REPORTES_VER')] as const;
  const rangeQuery = queryParams(dateRangeQuerySchema);
  const municipalityQuery = queryParams(municipalitySummaryQuerySchema);

  const summary = (scope: Scope, query: Parameters<typeof rangeOrCurrentMonth>[0]) =>
    financialSummary(sql, scope, rangeOrCurrentMonth(query, config.timeZone));
  routes.get('/resumen_creditos_cobros', ...guard, rangeQuery, async (c) =>
    c.json(await summary(c.get('auth'), c.req.valid('query'))),
  );
  routes.get('/resumen_creditos_cobros/file', ...guard, rangeQuery, async (c) => {
    const report = await summary(c.get('auth'), c.req.valid('query'));
    return c.body(file(summaryWorkbook(report)), 200, {
      ...xlsxHeaders(`resumen-financiero-${report.fechaInicio}-${report.fechaFin}.xlsx`),
    });
  });

  const byMunicipality = (scope: Scope, q: { fecha: string; fechaInicio?: string; fechaFin?: string }) =>
    municipalitySummary(sql, scope, q.fecha, { from: q.fechaInicio, to: q.fechaFin });
  routes.get('/resumen_creditos_cobros_municipio', ...guard, municipalityQuery, async (c) =>
    c.json(await byMunicipality(c.get('auth'), c.req.valid('query'))),
  );
  routes.get('/resumen_creditos_cobros_municipio/file', ...guard, municipalityQuery, async (c) => {
    const report = await byMunicipality(c.get('auth'), c.req.valid('query'));
    return c.body(file(municipalityWorkbook(report)), 200, {
      ...xlsxHeaders(`detalle-municipios-${report.semana}.xlsx`),
    });
  });

  const income = (scope: Scope, query: Parameters<typeof rangeOrCurrentMonth>[0]) =>
    incomeStatementFor(sql, scope, rangeOrCurrentMonth(query, config.timeZone));
  routes.get('/estado-resultados', ...guard, rangeQuery, async (c) =>
    c.json(await income(c.get('auth'), c.req.valid('query'))),
  );
  routes.get('/estado-resultados/file', ...guard, rangeQuery, async (c) => {
    const report = await income(c.get('auth'), c.req.valid('query'));
    return c.body(file(incomeWorkbook(report)), 200, {
      ...xlsxHeaders(`estado-de-resultados-${report.fechaInicio}-${report.fechaFin}.xlsx`),
    });
  });

  const portfolio = (scope: Scope, query: Parameters<typeof rangeOrCurrentMonth>[0]) => {
    const today = businessToday(config.timeZone);
    return portfolioReport(sql, scope, today, boundedRange(query, defaultPortfolioRange(today)));
  };
  routes.get('/reporte-cartera', ...guard, rangeQuery, async (c) =>
    c.json(await portfolio(c.get('auth'), c.req.valid('query'))),
  );
  routes.get('/reporte-cartera/file', ...guard, rangeQuery, async (c) => {
    const report = await portfolio(c.get('auth'), c.req.valid('query'));
    return c.body(file(portfolioWorkbook(report)), 200, {
      ...xlsxHeaders(`salud-de-cartera-${report.fecha}.xlsx`),
    });
  });
  return routes;
}
