import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { newLoanMessages as m } from '../../shared/loans/new-loan-messages';
import { newLoanSchema } from '../../shared/loans/new-loan-schema';
import type { OpenLoanResponse, SaveLoanResponse } from '../../shared/loans/types';
import { requireAuth, requirePermission } from '../auth/middleware';
import { findClient } from '../clients/queries';
import { jsonBody } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { createLoan } from './create-loan';
import { findOpenLoanId } from './create-queries';
import { findLoan } from './queries';

/** docs/producto.md §7 POST save-loan (a new loan or a renewal) and the open loan the new-loan form previews. */
export function saveLoanRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const create = requirePermission('PRESTAMOS_CREAR');
  const today = () => businessToday(deps.config.timeZone);

  // Only the form's fields are read (the schema drops the rest: amounts, abono, amortizacion…); the server
  // recomputes every figure. One transaction: a refused save leaves nothing behind, not even a new client.
  routes.post('/save-loan', auth, create, jsonBody(newLoanSchema), async (c) => {
    const auth = c.get('auth');
    const input = c.req.valid('json');
    const day = today();
    const data = await sql.begin(async (tx) => {
      const created = await createLoan(tx, { ...auth, today: day }, input);
      return {
        loan: (await findLoan(tx, auth, created.loanId, day))!,
        renewed_loan_id: created.renewedLoanId,
        client_id: created.clientId,
      };
    });
    return c.json({ data, message: m.creado } satisfies SaveLoanResponse, 201);
  });

  routes.get('/clients/:id{[0-9]{1,15}}/open-loan', auth, create, async (c) => {
    const scope = c.get('auth');
    const clientId = Number(c.req.param('id'));
    if (!(await findClient(sql, scope, clientId))) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
    const openId = await findOpenLoanId(sql, scope.accountId, clientId);
    const loan = openId === undefined ? null : ((await findLoan(sql, scope, openId, today())) ?? null);
    return c.json({ data: loan } satisfies OpenLoanResponse);
  });

  return routes;
}
