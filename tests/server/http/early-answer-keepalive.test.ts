// An answer given before the body was read must not kill the keep-alive client's next request.
// @hono/node-server drains such a body for a moment and then cuts the socket; the answer says `Connection:
// close`, so the client opens a new socket instead of writing its next request into the dying one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  connection: string | undefined;
}

function send(
  agent: http.Agent,
  method: string,
  path: string,
  body?: string,
  token?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: http.OutgoingHttpHeaders = {};
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
      });
    });
    // An answer may arrive while the body is still being written; the rest of the write failing is not this
    // exchange failing.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A push of ~300 KB, as a phone with a long outbox sends it. */
const bigPush = JSON.stringify({
  clientId: '6c299157-e386-43fc-8cad-7cff52326a7b',
  mutations: Array.from({ length: 1500 }, (_, i) => ({
    id: i + 1,
    name: 'payment.record',
    args: {
      receiptId: crypto.randomUUID(),
      loanId: 1,
      amount: 100,
      fecha: '2026-11-27',
      nota: 'x'.repeat(120),
    },
    clientTime: '2026-11-27T18:00:00.000Z',
  })),
});

describe('an answer before the body is read, on a keep-alive connection', () => {
  it('401, 403 and 404 each close their socket, and the same agent’s next request succeeds', async () => {
    const limited = await createTenant(sql, { permissions: [] });
    const token = await loginToken(app, limited);
    const cases: [string, string, string, string | undefined, number][] = [
      ['sin sesión', 'POST', '/api/sync/push', undefined, 401],
      ['sin permiso', 'POST', '/api/municipalities', token, 403],
      ['ruta que no existe', 'POST', '/api/no-existe', token, 404],
    ];
    for (const [label, method, path, auth, status] of cases) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const early = await send(agent, method, path, bigPush, auth);
        expect(early.status, label).toBe(status);
        expect(early.connection, label).toBe('close');
        // Past the server's drain (500 ms): a request written into a socket being cut would fail here.
        await new Promise((r) => setTimeout(r, 600));
        for (let i = 0; i < 3; i++) expect((await send(agent, 'GET', '/api/health')).status, label).toBe(200);
      } finally {
        agent.destroy();
      }
    }
  });

  it('a malformed body is read and refused with 400; the socket stays usable', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const limited = await createTenant(sql);
      const token = await loginToken(app, limited);
      const bad = await send(agent, 'POST', '/api/municipalities', `{"name": ${'x'.repeat(200_000)}`, token);
      expect(bad.status).toBe(400);
      await new Promise((r) => setTimeout(r, 600));
      expect((await send(agent, 'GET', '/api/health')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
