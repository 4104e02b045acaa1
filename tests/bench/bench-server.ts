// The real server (`node --import tsx server/index.ts`, as in production and the e2e suite) on a free port,
// against an existing benchmark database, without the demo seed; the client built once with vite.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient, freePort } from '../e2e/helpers/server';

const root = join(import.meta.dirname, '../..');

export interface BenchServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** `vite build` into a new temporary folder; `remove()` deletes it. */
export function buildClientOnce(): { dir: string; ms: number; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'prestamos-bench-dist-'));
  const started = performance.now();
  buildClient(dir);
  return { dir, ms: Math.round(performance.now() - started), remove: () => rmSync(dir, { recursive: true }) };
}

export async function startBenchServer(databaseUrl: string, staticDir: string): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamos-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
      SEED_DEMO: 'false',
      // Only read when the database has no account yet (the Lighthouse bench's empty one): without them the
      // server refuses to start there (3fc3f2c).
      ADMIN_EMAIL: 'admin-inicial@bench.mx',
      ADMIN_PASSWORD: 'bench-admin-1234',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`el servidor terminó con código ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('el servidor no respondió en 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, pid: child.pid!, stop };
}
