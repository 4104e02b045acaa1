import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();

/** The API on a real socket, started the way server/index.ts starts it. */
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: testApp(sql).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  connection: string | undefined;
  body: unknown;
}

/** A POST to /api/login through `agent`; `chunks` are written one by one (no Content-Length: chunked). */
function postLogin(agent: http.Agent, chunks: string[], contentLength?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/json' };
    if (contentLength !== undefined) headers['Content-Length'] = contentLength;
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/login', method: 'POST', agent, headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          answered = true;
          const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
        });
      },
    );
    // The server answers a 413 before the client has written all of an oversized body and then closes:
    // the client's remaining writes fail after the answer arrived, which is not a failure of this exchange.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const wrongLogin = (agent: http.Agent) => {
  const body = JSON.stringify({ email: 'nadie@keepalive.mx', password: 'x' });
  return postLogin(agent, [body], Buffer.byteLength(body));
};

describe('413 on a keep-alive connection', () => {
  it('answers an oversized body in Spanish, and the same agent’s next request succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooBig = JSON.stringify({ email: 'a@b.mx', password: 'x'.repeat(2 * 1024 * 1024) });
      const refused = await postLogin(agent, [tooBig], Buffer.byteLength(tooBig));
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({ error: 'La solicitud es demasiado grande', code: 'PAYLOAD_TOO_LARGE' });
      expect(refused.connection).toBe('close');

      const next = await wrongLogin(agent);
      expect(next.status).toBe(401);
      expect(next.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    } finally {
      agent.destroy();
    }
  });

  it('also when a chunked body (no Content-Length) goes over the limit while being read', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await postLogin(agent, Array(40).fill('x'.repeat(64 * 1024)));
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(refused.connection).toBe('close');

      expect((await wrongLogin(agent)).status).toBe(401);
    } finally {
      agent.destroy();
    }
  });
});
