import { describe, expect, it } from 'vitest';
import { isErrorBody } from '../../../shared/errors';
import { connectTestSql, createTenant, testApp } from '../helpers/test-db';

const sql = connectTestSql();

describe('auth routes under bad input', () => {
  it('never answer 500: every refusal is a JSON error body with a 4xx status', async () => {
    const tenant = await createTenant(sql);
    const app = testApp(sql);
    const json = { 'Content-Type': 'application/json' };
    const cases: [string, RequestInit][] = [
      ['/api/login', { method: 'POST', headers: json, body: '{"email":' }],
      ['/api/login', { method: 'POST', headers: json, body: '' }],
      ['/api/login', { method: 'POST', headers: json, body: '[]' }],
      ['/api/login', { method: 'POST', headers: json, body: 'null' }],
      ['/api/login', { method: 'POST', headers: json, body: '{"email":{"$ne":null},"password":true}' }],
      [
        '/api/login',
        { method: 'POST', headers: json, body: JSON.stringify({ email: 'a'.repeat(5000), password: 'x' }) },
      ],
      [
        '/api/login',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: tenant.email, password: 'x'.repeat(201) }),
        },
      ],
      ['/api/login', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hola' }],
      [
        '/api/login',
        { method: 'POST', headers: json, body: JSON.stringify({ email: tenant.email, password: 'mala' }) },
      ],
      ['/api/refresh-token', { method: 'POST', headers: json, body: '{"refreshToken":123}' }],
      [
        '/api/refresh-token',
        { method: 'POST', headers: json, body: JSON.stringify({ refreshToken: 'x'.repeat(501) }) },
      ],
      ['/api/refresh-token', { method: 'POST', headers: json, body: '{"refreshToken":"\\u0000"}' }],
      ['/api/logout', { method: 'POST', headers: json, body: '{' }],
      ['/api/me', { headers: { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' } }],
      ['/api/me', { headers: { Authorization: `Bearer ${'a'.repeat(10_000)}` } }],
    ];
    for (const [path, init] of cases) {
      const res = await app.request(path, init);
      const label = `${init.method ?? 'GET'} ${path} ${String(init.body ?? '').slice(0, 40)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(isErrorBody(await res.json()), label).toBe(true);
    }
  });
});
