import { Hono } from 'hono';
import { receiptMessages } from '../../shared/cash-counts/messages';
import { type CashCountListQuery, cashCountListQuerySchema } from '../../shared/cash-counts/schemas';
import type { CashCountsResponse } from '../../shared/cash-counts/types';
import { AppError } from '../../shared/errors';
import { cents, toCents, toPesos } from '../../shared/money';
import { parseReceiptNumber } from '../../shared/receipts/receipt-number';
import { requireAuth, requirePermission } from '../auth/middleware';
import { queryParams } from '../http/validate';
import { rangeOrCurrentMonth } from '../reports/report-range';
import type { AppDeps, AppEnv } from '../types';
import { xlsxHeaders } from '../xlsx/table-workbook';
import { cashCountsWorkbook } from './cash-counts-file';
import { listCashCounts } from './queries';
import { findReceipt } from './receipt-queries';

const sum = (values: number[]) => toPesos(cents(values.reduce((s, v) => s + (toCents(v) ?? 0), 0)));

/**
 * The office's 'Cortes de caja' (docs/reglas-del-negocio.md §9) and the receipt lookup behind a phone's
 * WhatsApp receipt.
 */
export function cashCountRoutes(deps: AppDeps) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('REPORTES_VER')] as const;

  async function list(accountId: number, query: CashCountListQuery): Promise<CashCountsResponse> {
    const range = rangeOrCurrentMonth(query, config.timeZone);
    const cortes = await listCashCounts(sql, accountId, {
      desde: range.from,
      hasta: range.to,
      userId: query.user_id,
    });
    const totales = {
      registrado: sum(cortes.map((c) => c.registrado)),
      contado: sum(cortes.map((c) => c.contado)),
      diferencia: sum(cortes.map((c) => c.diferencia)),
    };
    return { data: { cortes, totales, fechaInicio: range.from, fechaFin: range.to } };
  }

  routes.get('/cortes', ...guard, queryParams(cashCountListQuerySchema), async (c) =>
    c.json(await list(c.get('auth').accountId, c.req.valid('query'))),
  );
  routes.get('/cortes/file', ...guard, queryParams(cashCountListQuerySchema), async (c) => {
    const report = await list(c.get('auth').accountId, c.req.valid('query'));
    return c.body(new Uint8Array(cashCountsWorkbook(report)), 200, {
      ...xlsxHeaders(`cortes-${report.data.fechaInicio}-${report.data.fechaFin}.xlsx`),
    });
  });

  routes.get('/recibos/:numero', ...guard, async (c) => {
    const recibo = parseReceiptNumber(c.req.param('numero'));
    if (!recibo) throw new AppError('VALIDATION', receiptMessages.numeroInvalido);
    const found = await findReceipt(sql, c.get('auth'), recibo);
    if (found.length === 0) throw new AppError('NOT_FOUND', receiptMessages.noEncontrado);
    return c.json({ data: found });
  });

  return routes;
}
