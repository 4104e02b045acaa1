// A file the build does not have is a 404, never the app's HTML. A browser that asks for a chunk
// of the previous build after a deploy must get an error it can recover from, not HTML parsed as a script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountStatic } from '../../../server/static';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const dist = mkdtempSync(join(tmpdir(), 'assets-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body>app</body></html>');
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-new.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = testApp(sql);
mountStatic(app, dist);

describe('the built app: files and deep links', () => {
  it('a missing chunk, icon or manifest answers 404, not the HTML shell', async () => {
    for (const path of [
      '/assets/index-old.js',
      '/assets/index-old.css',
      '/icons/icon-512.png',
      '/x.webmanifest',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type') ?? '', path).not.toMatch(/text\/html/);
    }
  });

  it('a file that is there, and the app routes, are served as before', async () => {
    const chunk = await app.request('/assets/index-new.js');
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('console.log(1)');
    for (const path of [
      '/',
      '/loans/history',
      '/reports/financial-summary/2026-11-23',
      '/weekly-sheets/12/loans',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
    }
  });
});
