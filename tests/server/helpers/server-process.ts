// The real server entry (`server/index.ts`) in a child process, as `npm start` runs it: a test can watch the
// process itself live or die, which `app.request()` in the test's own process cannot show.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './own-postgres';

const root = new URL('../../..', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed, stdout and stderr interleaved. */
  output(): string;
  /** null while it runs. */
  exitCode(): number | string | null;
  stop(): Promise<void>;
}

/** `env` adds to (or, with undefined, removes from) what a production start sets. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prestamos-server-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    SEED_DEMO: 'false',
    // An empty database gets its first administrator from these (server/seed/first-admin.ts).
    ADMIN_EMAIL: 'admin@prueba.mx',
    ADMIN_PASSWORD: 'clave-de-prueba',
    STATIC_DIR: '',
    DATA_DIR: dataDir,
    ...env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exit: number | string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = code ?? signal ?? 'exit';
      resolve();
    }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exitCode: () => exit,
    async stop() {
      if (exit === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds (the server listening, the database back…); throws with `what` after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`No ocurrió a tiempo: ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
