// Decision 014: the server starts while PostgreSQL is down, answers 503 meanwhile, and migrates once it is up.
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect';
import { listMigrations } from '../../../server/db/migrate';
import { isErrorBody } from '../../../shared/errors';
import { mensajes } from '../../../shared/messages';
import { createOwnPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { type ServerProcess, startServerProcess, waitFor } from '../helpers/server-process';
import { createTenant } from '../helpers/test-db';

let pg: OwnPostgres | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await pg?.remove();
});

async function expectUnavailable(res: Response) {
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(503);
  expect(isErrorBody(body) && body.code).toBe('UNAVAILABLE');
  expect((body as { error: string }).error).toBe(mensajes.baseDeDatosNoDisponible);
}

describe('the server started while PostgreSQL is down', () => {
  it('listens and answers 503 until the database answers, then migrates and serves', async () => {
    pg = await createOwnPostgres(); // created, not started: nothing listens on its port
    const s = await startServerProcess(pg.url);
    server = s;
    const api = (path: string, init?: RequestInit) => fetch(`${s.url}/api/${path}`, init);

    const first = await waitFor('el servidor escucha', async () => {
      if (s.exitCode() !== null) throw new Error(`el proceso terminó: ${s.output()}`);
      return api('health').catch(() => null);
    });
    await expectUnavailable(first);
    await expectUnavailable(
      await api('login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'x@prueba.mx', password: 'x123456' }),
      }),
    );
    await expectUnavailable(await api('municipalities'));
    await new Promise((r) => setTimeout(r, 500));
    expect(s.exitCode(), s.output()).toBeNull();
    await expectUnavailable(await api('health'));

    await pg.start();
    await waitFor('/api/health responde 200', async () => (await api('health')).status === 200);

    const sql = connect(pg.url, { embedded: false, max: 1 });
    try {
      const applied = await sql<
        { version: string }[]
      >`select version from schema_migrations order by version`;
      expect(applied.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
      const tenant = await createTenant(sql);
      const login = await api('login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: tenant.email, password: tenant.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await sql.end();
    }
    expect(s.exitCode(), s.output()).toBeNull();
  });
});
