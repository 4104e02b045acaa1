import { describe, expect, it } from 'vitest';
import { connectTestSql, createTenant, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

describe('compression', () => {
  it('a client that accepts gzip gets the JSON gzipped, and the same data', async () => {
    const tenant = await createTenant(sql);
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: tenant.email, password: tenant.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const plain = await app.request('/api/list-permissions', { headers });
    const gzipped = await app.request('/api/list-permissions', {
      headers: { ...headers, 'Accept-Encoding': 'gzip' },
    });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    const text = await new Response(gzipped.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text)).toEqual(await plain.json());
  });
});
