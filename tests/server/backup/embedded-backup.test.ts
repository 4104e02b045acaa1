// README "Sus datos" on the embedded database (decision 024), with its own lines: `npm run backup` while the real
// server serves the demo data (and /api/health keeps answering), `npm run restore` into a fresh DATA_DIR, and the
// administrator signs in and reads the same figures as before the backup, without what was recorded after it.
// Restore refuses while a server runs on the folder, keeps what was there, and the nightly crontab line writes
// a copy that restores too.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupMessages } from '../../../server/backup/messages';
import type { ServerProcess } from '../helpers/server-process';
import {
  cronCommand,
  healthWatch,
  readmeBlocks,
  readmeLine,
  recordPayment,
  root,
  shell,
  signIn,
  startDemoServer,
  totals,
} from './helpers';

const work = mkdtempSync(join(tmpdir(), 'prestamos-respaldo-'));
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The server on `dataDir`, embedded whatever DATABASE_URL the test run has, with its JWT secret there too. */
async function serve(dataDir: string) {
  const s = await startDemoServer({ DATABASE_URL: undefined, JWT_SECRET: undefined, DATA_DIR: dataDir });
  servers.push(s);
  return s;
}

const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined });

describe('npm run backup / npm run restore with the embedded database', () => {
  const original = join(work, 'original', 'data');
  const fresh = join(work, 'nueva', 'data');
  const cwd = join(work, 'app');
  let before: Awaited<ReturnType<typeof totals>>;
  /** The original folder's figures when its server stopped: a payment past the backup. */
  let last: Awaited<ReturnType<typeof totals>>;
  let loanId: number;

  it('backs up while the server serves, and restores into a fresh DATA_DIR with the same figures', async () => {
    mkdirSync(cwd, { recursive: true });
    const s = await serve(original);
    const token = await signIn(s.url);
    loanId = await recordPayment(s.url, token);
    before = await totals(s.url, token, loanId);

    const health = healthWatch(s.url);
    const backup = await shell(readmeLine('npm run backup'), { cwd, env: embedded(original) });
    const statuses = await health.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('copiado por el servidor en marcha');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);

    // Recorded after the copy: the restore must not bring it.
    await recordPayment(s.url, token, [loanId]);
    last = await totals(s.url, token, loanId);
    expect(last.dashboard).not.toEqual(before.dashboard);
    await s.stop();

    const restore = await shell(readmeLine('npm run restore'), { cwd, env: embedded(fresh) });
    expect(restore.code, restore.output).toBe(0);
    expect(readdirSync(fresh)).toContain('pglite');

    const again = await serve(fresh);
    expect(await totals(again.url, await signIn(again.url), loanId)).toEqual(before);
  }, 300_000);

  it('refuses while the server runs on the folder, and keeps what was there when it restores', async () => {
    const running = servers.at(-1)!;
    expect(running.exitCode()).toBeNull();
    const restoreLine = readmeLine('npm run restore');
    const refused = await shell(restoreLine, { cwd, env: embedded(fresh) });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`El servidor está corriendo con DATA_DIR=${fresh}`);
    expect(readdirSync(fresh).filter((f) => f.startsWith('pglite'))).toEqual(['pglite']);
    await running.stop();

    const restored = await shell(restoreLine, { cwd, env: embedded(fresh) });
    expect(restored.code, restored.output).toBe(0);
    const kept = readdirSync(fresh).filter((f) => f.startsWith('pglite-antes-de-restaurar-'));
    expect(kept).toHaveLength(1);
    expect(existsSync(join(fresh, kept[0]!, 'PG_VERSION'))).toBe(true);
    expect(restored.output).toContain(backupMessages.anteriorGuardado(join(fresh, kept[0]!)));
  }, 300_000);

  it("the README's nightly line, with the server stopped, writes a copy that restores to the last figures", async () => {
    const cron = readmeBlocks().find(
      (b) => b.lang === 'crontab' && b.lines.some((l) => l.includes('npm run backup')),
    );
    expect(cron, 'README: la línea de crontab de la base embebida').toBeDefined();
    const line = cron!.lines.find((l) => l.includes('npm run backup'))!;
    // The one part an operator changes: where the app is.
    const command = cronCommand(line).replace('/srv/prestamos', root);
    const home = join(work, 'home');
    const ran = await shell(command, { cwd: work, env: { ...embedded(original), HOME: home }, shell: 'sh' });
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toContain('con el servidor detenido');
    const copies = readdirSync(join(home, 'respaldos'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/^prestamos-[1-7]\.tar\.gz$/);

    const third = join(work, 'tercera', 'data');
    const restored = await shell(`npm run restore ${join(home, 'respaldos', copies[0]!)}`, {
      cwd,
      env: embedded(third),
    });
    expect(restored.code, restored.output).toBe(0);
    const s = await serve(third);
    expect(await totals(s.url, await signIn(s.url), loanId)).toEqual(last);
  }, 300_000);
});
