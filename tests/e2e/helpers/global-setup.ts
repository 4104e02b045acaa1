import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, E2E_WORKERS, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (E2E_WORKERS, vitest.e2e.config.ts), each with its own database. */
    baseUrls: string[];
    /** The suite's production build (what the server serves). */
    distDir: string;
  }
}

/**
 * Builds the PWA once and starts one server (fresh database, demo data) per worker for the whole e2e run: the
 * files a worker runs share its server, as they all did when files ran one at a time. The build is
 * the production one users get: under vitest NODE_ENV is 'test', which would bundle React's development build,
 * several times slower to render (the suite's browser side is most of its CPU).
 */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'prestamos-dist-'));
  buildClient(outDir, { NODE_ENV: 'production' });
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer(outDir)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('distDir', outDir);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(outDir, { recursive: true, force: true });
  };
}
