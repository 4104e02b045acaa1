import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

const root = join(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

/** `env` adds to this process's environment (under vitest NODE_ENV is 'test', which builds React's dev bundle). */
export function buildClient(outDir: string, env: NodeJS.ProcessEnv = {}) {
  const res = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (res.status !== 0) throw new Error('vite build falló');
}

export interface RunningServer {
  baseUrl: string;
  databaseUrl: string | null;
  stop(): Promise<void>;
}

/**
 * E2E files run two at a time, each worker with its own server: the suite's browser side waits more than it
 * computes (about 0.7 of a core per file on this 2-core machine), so two overlap well.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The real server (`server/index.ts`) on a free port, with its own fresh database and the demo seed. */
export async function startServer(staticDir: string): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamos-e2e-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `prestamos_e2e_${Date.now()}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    JWT_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
    SEED_DEMO: 'true',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('el servidor no respondió en 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    databaseUrl,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
