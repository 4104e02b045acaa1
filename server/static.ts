import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { contentSecurityPolicy, inlineScriptsOf } from './http/security-headers';
import type { AppEnv } from './types';

/**
 * Serves the built PWA from one origin with the API. Hashed assets are cached for a year; the HTML, the
 * service worker and the manifest are revalidated on every load so an update is seen at once.
 */
export function mountStatic(app: Hono<AppEnv>, dir: string) {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    console.warn(
      `[server] No hay cliente compilado en ${dir}: ejecute "npm run build". Solo se sirve la API.`,
    );
    return;
  }
  const root = relative(process.cwd(), dir) || '.';
  // The shell's policy allows its own inline script by hash (the file is read again on each deep link, but a
  // deploy replaces the folder and restarts the server, so the hash read here stays the file's).
  const shellPolicy = contentSecurityPolicy(inlineScriptsOf(readFileSync(indexFile, 'utf8')));
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html'))
      c.res.headers.set('Content-Security-Policy', shellPolicy);
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root }));
  // Deep links (/loans/history…) load the app shell; the router takes it from there. A file that is not here
  // (a chunk of the build before a deploy, say) is a 404: answered with the shell, a browser would parse HTML
  // as a script and the app could not tell the update it missed from a broken page.
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || isFilePath(c.req.path)) return c.notFound();
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

/** '/assets/index-3f9a.js', '/icons/icon-192.png': a name with an extension. The app's routes never have one. */
function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,12}$/.test(path);
}
