import { Hono } from 'hono';
import { requireAuth } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../types';
import { listPaymentMethods } from './queries';

/** docs/producto.md §7 payment methods: getAll, for any signed-in user of the account (loan form, terms). Read only for now. */
export function paymentMethodRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/payment-methods', requireAuth(deps), async (c) =>
    c.json({ data: await listPaymentMethods(deps.sql, c.get('auth').accountId) }),
  );

  return routes;
}
