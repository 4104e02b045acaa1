import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { editLoanMessages as e } from '../../shared/loans/edit-loan-messages';
import { editLoanSchema } from '../../shared/loans/edit-loan-schema';
import { requireAuth, requirePermission } from '../auth/middleware';
import { jsonBody } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { editLoan } from './edit-loan';
import { findLoan } from './queries';

/** PUT /loans/{id}: 'Editar Préstamo' (PRESTAMOS_CREAR), answering the loan as GET /loans/{id} does. */
export function editLoanRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.put(
    '/loans/:loanId{[0-9]{1,15}}',
    requireAuth(deps),
    requirePermission('PRESTAMOS_CREAR'),
    jsonBody(editLoanSchema),
    async (c) => {
      const auth = c.get('auth');
      const id = Number(c.req.param('loanId'));
      const today = businessToday(deps.config.timeZone);
      const changed = await deps.sql.begin((tx) => editLoan(tx, { ...auth, today }, id, c.req.valid('json')));
      const loan = await findLoan(deps.sql, auth, id, today);
      return c.json({ data: loan, changed, message: e.actualizado });
    },
  );
  return routes;
}
