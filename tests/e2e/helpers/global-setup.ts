import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The suite's production build (what the server serves). */
    distDir: string;
  }
}

/**
 * Builds the PWA once and starts one server (fresh database, demo data) for the whole e2e run. The build is
 * the production one users get: under vitest NODE_ENV is 'test', which would bundle React's development build,
 * several times slower to render (the suite's browser side is most of its CPU).
 */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'prestamos-dist-'));
  buildClient(outDir, { NODE_ENV: 'production' });
  const server = await startServer(outDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('distDir', outDir);
  return async () => {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
