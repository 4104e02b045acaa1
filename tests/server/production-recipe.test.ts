// The README's production recipe on a fresh machine. `npm ci` accepts the lockfile; the server
// started with SEED_DEMO=false on an empty database creates the first administrator from ADMIN_EMAIL /
// ADMIN_PASSWORD, who signs in; without them it refuses to start and says why.
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { firstAdminMessages } from '../../server/seed/first-admin';
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process';

const root = new URL('../..', import.meta.url).pathname;
const started: ServerProcess[] = [];
const databases: string[] = [];
const base = inject('embedded') ? null : process.env.DATABASE_URL;

afterAll(async () => {
  for (const s of started) await s.stop();
  if (base) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** An empty database: a new one on the test server's PostgreSQL, or (embedded runs) the server's own PGlite. */
async function emptyDatabase(): Promise<string | undefined> {
  if (!base) return undefined;
  const name = `prestamos_receta_${Date.now()}_${databases.length}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(env: Record<string, string | undefined>) {
  const url = await emptyDatabase();
  const s = await startServerProcess(url ?? '', { DATABASE_URL: url, ...env });
  started.push(s);
  return s;
}

describe("the README's production recipe", () => {
  it('npm ci accepts the committed lockfile', () => {
    const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(ci.status, `${ci.stdout}\n${ci.stderr}`).toBe(0);
  });

  it('an empty database gets the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, who signs in', async () => {
    const s = await start({ ADMIN_EMAIL: 'duena@creditos-sol.mx', ADMIN_PASSWORD: 'una-clave-larga' });
    const login = await waitFor(
      'el servidor listo',
      async () => {
        if (s.exitCode() !== null) throw new Error(`el proceso terminó: ${s.output()}`);
        const res = await fetch(`${s.url}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'duena@creditos-sol.mx', password: 'una-clave-larga' }),
        }).catch(() => null);
        return res && res.status !== 503 ? res : null;
      },
      60_000,
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const methods = await fetch(`${s.url}/api/payment-methods`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await methods.json()) as { data: unknown[] }).data).toHaveLength(4);
    expect(s.output()).toContain('se creó la cuenta y su administrador');
  }, 90_000);

  it('without them it does not start, and says which variables to set', async () => {
    const s = await start({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    await waitFor('el proceso termina', async () => s.exitCode() !== null, 60_000);
    expect(s.exitCode()).toBe(1);
    expect(s.output()).toContain(firstAdminMessages.faltan);
    expect(s.output()).not.toMatch(/\bat \w+ \(/);
  }, 90_000);
});
