import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { readsLocations } from '../../shared/location/access';
import { paymentMessages as pm } from '../../shared/payments/messages';
import { requireAuth, requirePermission } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../types';
import { loanVisibleTo, visitsOfLoan } from './queries';

/** GET /api/loans/{id}/visits: a loan's visits without payment, newest first (for a loan off the device). */
export function visitRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  routes.get(
    '/loans/:loanId{[0-9]{1,15}}/visits',
    requireAuth(deps),
    requirePermission('PRESTAMOS_VER'),
    async (c) => {
      const { accountId, userId, permissions } = c.get('auth');
      const loanId = Number(c.req.param('loanId'));
      if (!(await loanVisibleTo(sql, accountId, userId, loanId)))
        throw new AppError('NOT_FOUND', pm.prestamoNoEncontrado);
      // Where each visit was saved only for readers of locations (decision 029).
      return c.json({ data: await visitsOfLoan(sql, accountId, loanId, readsLocations(permissions)) });
    },
  );
  return routes;
}
