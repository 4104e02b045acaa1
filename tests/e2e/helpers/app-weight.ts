// What a phone downloads (decision 012): the JavaScript /login needs before it can run (its module scripts
// and everything they import statically; dynamic imports are what loads later) and the service worker's
// precache list, each file gzipped as the server sends it. Read over HTTP from a running server, or from a
// build folder.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WeighedFile {
  path: string;
  bytes: number;
  gzip: number;
}

export interface AppWeight {
  loginJs: WeighedFile[];
  loginJsGzip: number;
  precache: WeighedFile[];
  precacheGzip: number;
}

/** The bytes the app serves at an absolute path ('/login', '/sw.js', '/assets/…'). */
export type AppFiles = (path: string) => Promise<Buffer>;

export function overHttp(baseUrl: string): AppFiles {
  return async (path) => {
    const res = await fetch(new URL(path, baseUrl), { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
}

/** A `vite build` folder; every page is its index.html, as the server's SPA fallback serves it. */
export const fromBuild =
  (dir: string): AppFiles =>
  (path) =>
    readFile(join(dir, path.includes('.') ? path : 'index.html'));

// Rolldown's output: `import{a as b}from"./react-x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
// `import("./x.js")` (a lazy chunk) has a parenthesis and does not match.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
const PRECACHE_URL = /"url":"([^"]+)"/g;

const weigh = (path: string, body: Buffer): WeighedFile => ({
  path,
  bytes: body.length,
  gzip: gzipSync(body).length,
});

const sum = (files: WeighedFile[]) => files.reduce((total, f) => total + f.gzip, 0);
const ORIGIN = 'http://app';

export async function loginJavaScript(files: AppFiles): Promise<WeighedFile[]> {
  const html = (await files('/login')).toString('utf8');
  const pending = [...html.matchAll(MODULE_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map(
    (m) => new URL(m[1]!, `${ORIGIN}/login`).pathname,
  );
  const weighed = new Map<string, WeighedFile>();
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (weighed.has(path)) continue;
    const body = await files(path);
    weighed.set(path, weigh(path, body));
    for (const m of body.toString('utf8').matchAll(STATIC_IMPORT))
      pending.push(new URL(m[1]!, `${ORIGIN}${path}`).pathname);
  }
  return [...weighed.values()].sort((a, b) => b.gzip - a.gzip);
}

export async function precacheFiles(files: AppFiles): Promise<WeighedFile[]> {
  const worker = (await files('/sw.js')).toString('utf8');
  const paths = new Set([...worker.matchAll(PRECACHE_URL)].map((m) => `/${m[1]!}`));
  const weighed: WeighedFile[] = [];
  for (const path of paths) weighed.push(weigh(path, await files(path)));
  return weighed.sort((a, b) => b.gzip - a.gzip);
}

export async function appWeight(files: AppFiles): Promise<AppWeight> {
  const loginJs = await loginJavaScript(files);
  const precache = await precacheFiles(files);
  return { loginJs, loginJsGzip: sum(loginJs), precache, precacheGzip: sum(precache) };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
