import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { businessToday } from '../../shared/dates';
import { FIELD_EVENT } from '../../shared/field/types';
import { requireAuth, requirePermission } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../types';
import { readFieldToday } from './field-today';
import { fieldHub } from './live';

/** A comment line this often keeps proxies and phones' networks from closing an idle stream. */
const HEARTBEAT_MS = 20_000;
/** Pushes closer together than this are one refresh for the screen. */
const COALESCE_MS = 500;

/**
 * 'En campo' (docs/producto.md §2.25), for the office (REPORTES_VER): today's field work, and a stream of
 * server-sent events that says when to read it again (decision 030). The stream carries no data of its own, so
 * what a screen shows always comes from the scoped read.
 */
export function fieldRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('REPORTES_VER')] as const;
  const hub = fieldHub(sql, deps.config.databaseUrl === null);

  routes.get('/field/today', ...guard, async (c) =>
    c.json({ data: await readFieldToday(sql, c.get('auth'), businessToday(deps.config.timeZone)) }),
  );

  routes.get('/field/events', ...guard, (c) => {
    const { accountId } = c.get('auth');
    // Nginx would hold the events in its buffer; Caddy and the browser do not need telling.
    c.header('X-Accel-Buffering', 'no');
    c.header('Cache-Control', 'no-store');
    return streamSSE(c, async (stream) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const unsubscribe = await hub.subscribe(accountId, () => {
        timer ??= setTimeout(() => {
          timer = null;
          void stream.writeSSE({ event: FIELD_EVENT, data: '{}' });
        }, COALESCE_MS);
      });
      const heartbeat = setInterval(() => void stream.write(': sigo aquí\n\n'), HEARTBEAT_MS);
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      await stream.writeSSE({ event: 'listo', data: '{}' });
      await closed;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      unsubscribe();
    });
  });

  return routes;
}
