// Behind the HTTPS proxy of decision 025 every socket is the proxy's: the login limits of decision 016 must count
// the client the proxy names, and only a configured proxy may name one.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, createLoginLimiter } from '../../../server/auth/rate-limit';
import { authRoutes } from '../../../server/auth/routes';
import { loadConfig } from '../../../server/config';
import { handleError } from '../../../server/http/errors';
import type { AppEnv } from '../../../server/types';
import { connectTestSql, testConfig } from '../helpers/test-db';

const sql = connectTestSql();
const PROXY = ['127.0.0.1', '::1'];

describe('clientAddress', () => {
  it('directly: the socket, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', [])).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', '203.0.113.9', PROXY)).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7', undefined, PROXY)).toBe('198.51.100.7');
    expect(clientAddress(undefined, '203.0.113.9', PROXY)).toBe('unknown');
  });

  it('from a trusted proxy: the nearest address it did not write for itself', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', PROXY)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', '2001:db8::5', PROXY)).toBe('2001:db8::5');
    // A client that sent its own header ahead of the proxy's entry cannot choose the key.
    expect(clientAddress('127.0.0.1', '10.9.9.9, 203.0.113.9', PROXY)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '203.0.113.9, 127.0.0.1', PROXY)).toBe('203.0.113.9');
    // Nothing but proxies, or text that is not an address: the proxy itself.
    expect(clientAddress('127.0.0.1', '::1', PROXY)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'unknown', PROXY)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, PROXY)).toBe('127.0.0.1');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is a list of addresses; anything else stops the server with a Spanish message', () => {
    const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/prestamos-test' };
    expect(loadConfig(env).trustedProxies).toEqual([]);
    expect(loadConfig({ ...env, TRUSTED_PROXIES: '127.0.0.1, ::1' }).trustedProxies).toEqual(PROXY);
    expect(() => loadConfig({ ...env, TRUSTED_PROXIES: '10.0.0.0/8' })).toThrow(
      'TRUSTED_PROXIES debe ser una lista de direcciones IP separadas por comas ("10.0.0.0/8" no lo es)',
    );
  });

  it('a failed login through the proxy is counted against the client, not against the proxy', async () => {
    const app = new Hono<AppEnv>();
    app.route(
      '/api',
      authRoutes({ sql, config: testConfig({ trustedProxies: PROXY }) }, createLoginLimiter(sql)),
    );
    app.onError(handleError);
    const fail = (peer: string, forwardedFor: string, email: string) =>
      app.request(
        '/api/login',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
          body: JSON.stringify({ email, password: 'equivocada' }),
        },
        { incoming: { socket: { remoteAddress: peer } } },
      );
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const viaProxy = `${randomUUID().slice(0, 8)}@aldea.mx`;
    const direct = `${randomUUID().slice(0, 8)}@aldea.mx`;
    expect((await fail('127.0.0.1', client, viaProxy)).status).toBe(401);
    expect((await fail('198.51.100.7', client, direct)).status).toBe(401);
    const keys = await sql<{ key: string }[]>`select key from login_failures
      where key in (${`e|${client}|${viaProxy}`}, ${`e|198.51.100.7|${direct}`}) order by key`;
    expect(keys.map((k) => k.key)).toEqual([`e|198.51.100.7|${direct}`, `e|${client}|${viaProxy}`].sort());
  });
});
