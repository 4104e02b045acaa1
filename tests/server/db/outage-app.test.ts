// Decision 014, in process: what the API answers while the database cannot be reached (a port nothing listens on),
// and how the start waits for it. The real server and a real outage: db-outage-pushes and db-outage-start.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { connect } from '../../../server/db/connect';
import { retryWhileUnavailable } from '../../../server/db/retry';
import { processPush } from '../../../server/sync/push';
import { mensajes } from '../../../shared/messages';
import { freePort } from '../helpers/own-postgres';
import { connectTestSql, testApp, testConfig } from '../helpers/test-db';

const unreachable = connect(`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, {
  embedded: false,
  max: 2,
});
afterAll(() => unreachable.end({ timeout: 1 }));

const sql = connectTestSql();

async function expectUnavailable(res: Response) {
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(503);
  expect(body).toEqual({ error: mensajes.baseDeDatosNoDisponible, code: 'UNAVAILABLE' });
  expect(res.headers.get('Retry-After')).toBe('5');
}

/** A JSON POST's request options. */
const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the API while the database is away', () => {
  it('before the database is ready at start, every route answers 503, health included', async () => {
    const app = testApp(sql);
    const waiting = createApp({ sql, config: testConfig(), ready: () => false });
    expect((await app.request('/api/health')).status).toBe(200);
    await expectUnavailable(await waiting.request('/api/health'));
    await expectUnavailable(await waiting.request('/api/list-loans'));
    await expectUnavailable(await waiting.request('/api/login', post({ email: 'a@b.mx' })));
    await expectUnavailable(await waiting.request('/api/no-existe'));
  });

  it('while the migrations run at start, every route answers 503 saying the server is preparing', async () => {
    const preparing = createApp({ sql, config: testConfig(), ready: () => false, preparing: () => true });
    for (const path of ['/api/health', '/api/list-loans', '/api/no-existe']) {
      const res = await preparing.request(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(await res.json()).toEqual({ error: mensajes.servidorPreparando, code: 'UNAVAILABLE' });
    }
  });

  it('a query that cannot reach the database answers 503 with the Spanish message, never 500', async () => {
    const app = testApp(unreachable);
    await expectUnavailable(await app.request('/api/health'));
    await expectUnavailable(
      await app.request('/api/login', post({ email: 'nadie@prueba.mx', password: 'secreto123' })),
    );
  });

  it("a push whose device binding cannot be read stops as 'transient', nothing applied", async () => {
    const auth = { userId: 1, accountId: 1, roleId: null, roleName: null, permissions: [], municipios: null };
    const input = {
      clientId: randomUUID(),
      mutations: [{ id: 1, name: 'amortization.update', args: {}, clientTime: null }],
    };
    expect(
      await processPush(unreachable, auth, input, { timeZone: 'America/Mexico_City', userAgent: null }),
    ).toEqual({ lastMutationId: 0, results: [], stopped: 'transient' });
  });
});

describe('retryWhileUnavailable (the migrations at start)', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it('waits longer after each unreachable attempt until the database answers', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const result = await retryWhileUnavailable(
      async () => {
        attempts++;
        if (attempts === 1) throw coded('ECONNREFUSED');
        if (attempts === 2) throw coded('57P03'); // the database system is starting up
        if (attempts === 3) throw coded('CONNECTION_CLOSED');
        return 'migrado';
      },
      { firstDelayMs: 1, maxDelayMs: 3, onWait: (_code, ms) => waits.push(ms) },
    );
    expect(result).toBe('migrado');
    expect(waits).toEqual([1, 2, 3]);
  });

  it('gives up at once on a failure that waiting would not fix', async () => {
    let attempts = 0;
    const wrongPassword = coded('28P01');
    await expect(
      retryWhileUnavailable(
        async () => {
          attempts++;
          throw wrongPassword;
        },
        { firstDelayMs: 1 },
      ),
    ).rejects.toBe(wrongPassword);
    expect(attempts).toBe(1);
  });
});
