import { Hono } from 'hono';
import { businessToday } from '../../shared/dates';
import { requireAuth, requirePermission } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../types';
import { dashboardResume } from './queries';

/** GET /dashboard-resume (docs/producto.md §7): the figures of the caller's account, of their towns only when limited. */
export function dashboardRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.get('/dashboard-resume', requireAuth(deps), requirePermission('PRESTAMOS_VER'), async (c) => {
    return c.json(await dashboardResume(deps.sql, c.get('auth'), businessToday(deps.config.timeZone)));
  });
  return routes;
}
