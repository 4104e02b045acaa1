// Every response carries the security headers (server/http/security-headers.ts); API answers are never cached;
// the HTML shell's policy allows its one inline script by hash and nothing else inline; HSTS only over HTTPS.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptsOf } from '../../../server/http/security-headers';
import { mountStatic } from '../../../server/static';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const SHELL_SCRIPT = '(function(){document.documentElement.dataset.x="1"})();';
const dist = mkdtempSync(join(tmpdir(), 'csp-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><script>${SHELL_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = testApp(sql);
const withShell = testApp(sql);
mountStatic(withShell, dist);

const policyOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('Content-Security-Policy') ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it('an API answer with personal data: no cache, no sniffing, no framing, no referrer, strict policy', async () => {
    const tenant = await createTenant(sql);
    const res = await app.request('/api/clients', {
      headers: { Authorization: `Bearer ${await loginToken(app, tenant)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    const policy = policyOf(res);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it('errors too (a refused request still must not be cached or framed)', async () => {
    const res = await app.request('/api/clients');
    expect(res.status).toBe(401);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('HSTS only when served over HTTPS (directly or behind a proxy that says so)', async () => {
    const direct = await app.request('https://prestamos.example/api/health');
    expect(direct.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    const proxied = await app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(proxied.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('the HTML shell allows exactly its own inline script, by hash, on every deep link', async () => {
    const hash = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;
    for (const path of ['/', '/loans/history', '/cobranza']) {
      const res = await withShell.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const policy = policyOf(res);
      expect(policy['script-src']).toEqual(["'self'", hash]);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      // The shell is revalidated (an update is seen at once), never stored as an API answer is.
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('finds only inline scripts, not those with a src', () => {
    expect(
      inlineScriptsOf('<script src="/a.js"></script><script>x()</script><script type="module">y()</script>'),
    ).toEqual(['x()', 'y()']);
    expect(contentSecurityPolicy(['x()'])).toContain("script-src 'self' 'sha256-");
  });
});
