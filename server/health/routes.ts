import { Hono } from 'hono';
import { databaseUnavailable } from '../http/unavailable';
import type { AppDeps, AppEnv } from '../types';

/** A health check waits this long for the database; a load balancer's own timeout is usually a few seconds. */
const HEALTH_TIMEOUT_MS = 2_000;

/** GET /api/health: 200 when the database answers, else 503 with the Spanish message. */
export function healthRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.get('/health', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
    });
    // Any failure counts: whatever keeps `select 1` from answering keeps every route from working.
    const answered = deps.sql`select 1`.then(
      () => true,
      () => false,
    );
    const healthy = await Promise.race([answered, timeout]);
    clearTimeout(timer);
    return healthy ? c.json({ ok: true }) : databaseUnavailable(c);
  });
  return routes;
}
