import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  lastGroupQuerySchema,
  loanHistoryQuerySchema,
  loanListQuerySchema,
  paymentReportQuerySchema,
} from '../../shared/loans/schemas';
import type { LoanListResponse } from '../../shared/loans/types';
import { mensajes } from '../../shared/messages';
import { paymentMessages as pm } from '../../shared/payments/messages';
import { numPagoSchema } from '../../shared/payments/schemas';
import { requireAnyPermission, requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody, queryParams } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { findLoan, lastGroup, listLoans, loanHistory } from './queries';
import { recomputeLoans } from './recompute';
import { loanProgress, paymentReport } from './report-queries';

const definedOnly = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number | boolean
  >;

/** docs/producto.md §7 loans: list, one loan, history, last group, payment report, and the num_pago recomputes. */
export function loanRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const read = requirePermission('PRESTAMOS_VER');
  const write = requirePermission('PAGOS_REGISTRAR');
  const today = () => businessToday(deps.config.timeZone);

  routes.get('/list-loans', auth, read, queryParams(loanListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { page: _page, limit: _limit, ...filters } = query;
    const result = await listLoans(sql, c.get('auth'), query, today());
    return c.json({ ...result, filters_applied: definedOnly(filters) } satisfies LoanListResponse);
  });

  routes.get('/loans/:loanId{[0-9]{1,15}}', auth, read, async (c) => {
    const loan = await findLoan(sql, c.get('auth'), Number(c.req.param('loanId')), today());
    if (!loan) throw new AppError('NOT_FOUND', pm.prestamoNoEncontrado);
    return c.json({ data: loan });
  });

  routes.get('/loan-history', auth, read, queryParams(loanHistoryQuerySchema), async (c) => {
    return c.json(await loanHistory(sql, c.get('auth'), c.req.valid('query'), today()));
  });

  // The new-loan form's default group: whoever may create loans needs it, even without reading them.
  const lastGroupReaders = requireAnyPermission('PRESTAMOS_VER', 'PRESTAMOS_CREAR');
  routes.get('/last-group', auth, lastGroupReaders, queryParams(lastGroupQuerySchema), async (c) => {
    const { municipalityId } = c.req.valid('query');
    const group = await lastGroup(sql, c.get('auth'), municipalityId);
    if (group === undefined) throw new AppError('NOT_FOUND', mensajes.noEncontrado);
    return c.json({ data: { municipality_id: municipalityId, last_group: group } });
  });

  routes.get('/reporte-pagos-temp', auth, read, queryParams(paymentReportQuerySchema), async (c) => {
    const { municipalityId } = c.req.valid('query');
    return c.json({ data: await paymentReport(sql, c.get('auth'), today(), municipalityId) });
  });

  // The server owns derived fields (STYLE 9): these calls recompute the loan's num_pago, vencido and
  // arrears as of today and answer the server's figures; the client's numbers are checked, not stored.
  for (const path of ['/actualizar-num-pag', '/update-num-pago']) {
    routes.post(path, auth, write, jsonBody(numPagoSchema), async (c) => {
      const scope = c.get('auth');
      const { loan_id } = c.req.valid('json');
      const progress = await sql.begin(async (tx) => {
        // Out of the caller's towns (or account), nothing is recomputed: it answers as a loan that does not exist.
        if (!(await loanProgress(tx, scope, loan_id, today()))) return undefined;
        await recomputeLoans(tx, scope.accountId, today(), [loan_id]);
        return loanProgress(tx, scope, loan_id, today());
      });
      if (!progress) throw new AppError('NOT_FOUND', pm.prestamoNoEncontrado);
      return c.json({ data: progress });
    });
  }

  return routes;
}
