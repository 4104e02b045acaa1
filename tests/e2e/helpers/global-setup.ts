import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the PWA once and starts one server (fresh database, demo data) for the whole e2e run. */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'prestamos-dist-'));
  buildClient(outDir);
  const server = await startServer(outDir);
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
