// The real Hono app over a benchmark database, called in-process with app.request() (no port), and a
// signed-in user's bearer token from the real POST /api/login.
import { randomBytes } from 'node:crypto';
import { createApp } from '../../server/app';
import type { Sql } from '../../server/db/connect';
import { DEFAULT_TIME_ZONE } from '../../shared/dates';

export type BenchApp = ReturnType<typeof createApp>;

export const createBenchApp = (sql: Sql): BenchApp =>
  createApp({
    sql,
    config: {
      port: 0,
      databaseUrl: null,
      dataDir: '/tmp/prestamos-bench',
      jwtSecret: randomBytes(32).toString('hex'),
      timeZone: DEFAULT_TIME_ZONE,
      seedDemo: false,
      staticDir: null,
    },
  });

export async function login(app: BenchApp, email: string, password: string): Promise<string> {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login falló: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
