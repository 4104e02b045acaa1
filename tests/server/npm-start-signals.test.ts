// `npm start` as an operator runs it (npm, then scripts/start.mjs, then the server): a SIGTERM
// to npm (systemd, Docker, a process manager) stops the server too, instead of leaving it running on its port.
import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from './helpers/own-postgres';
import { waitFor } from './helpers/server-process';

const root = new URL('../..', import.meta.url).pathname;

describe('npm start', () => {
  it('passes SIGTERM on: the server closes and its port stops answering', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: whatever is left behind when the test fails is killed with it below.
      detached: true,
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'admin-senales@prueba.mx',
        ADMIN_PASSWORD: 'clave-de-prueba',
        SKIP_BUILD: '1',
        STATIC_DIR: '',
      },
    });
    let output = '';
    for (const stream of [npm.stdout, npm.stderr])
      stream?.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status);
    try {
      await waitFor('el servidor responde /api/health', async () => (await health()) === 200);
      npm.kill('SIGTERM');
      await exited;
      await waitFor('el puerto deja de responder', async () => {
        try {
          await health();
          return false;
        } catch {
          return true;
        }
      });
      expect(output).toContain('[server] SIGTERM: cerrando…');
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the group is gone: nothing was left behind
      }
    }
  }, 60_000);
});
