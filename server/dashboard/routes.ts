import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { requireAuth, requirePermission } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../types';
import { dashboardResume } from './queries';

/** GET /dashboard-resume (SPEC §7): the figures of the token's account. */
export function dashboardRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.get('/dashboard-resume', requireAuth(deps), requirePermission('PRESTAMOS_VER'), async (c) => {
    const { accountId } = c.get('auth');
    return c.json(await dashboardResume(deps.sql, accountId, businessToday(deps.config.timeZone)));
  });
  return routes;
}
