// README "Sus datos" with PostgreSQL (decision 024), its lines as written: `npm run backup` and the `pg_dump`
// line while the real server serves the demo data, then, with the server stopped, the `pg_restore` block puts
// the copy in place of the database, and the administrator reads the figures of before the backup. The nightly
// crontab line writes a copy `pg_restore` reads. Each run makes its own database and drops every one it leaves.
// `npm run restore` with DATABASE_URL points to those lines instead of touching anything.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupMessages } from '../../../server/backup/messages';
import type { ServerProcess } from '../helpers/server-process';
import {
  cronCommand,
  healthWatch,
  readmeBlocks,
  readmeLine,
  recordPayment,
  shell,
  signIn,
  startDemoServer,
  totals,
} from './helpers';

const base = inject('embedded') ? null : process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'prestamos-respaldo-pg-'));
const name = `prestamos_respaldo_${Date.now()}_${process.pid}`;
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(work, { recursive: true, force: true });
  if (!base) return;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const left = await admin<{ datname: string }[]>`
    select datname from pg_database where datname like ${`${name}%`}`;
  for (const { datname } of left) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  await admin.end();
});

describe('npm run restore with DATABASE_URL', () => {
  it('changes nothing and points to the README pg_restore lines', async () => {
    const ran = await shell('npm run restore respaldos/prestamos.dump', {
      cwd: work,
      env: { DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada' },
    });
    expect(ran.code).toBe(1);
    expect(ran.output).toContain(backupMessages.restaurarConPostgres);
  });

  it('npm run backup says how to get pg_dump when it is missing, and writes nothing', async () => {
    const ran = await shell('npm run backup', {
      cwd: work,
      env: { DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada', PG_DUMP: join(work, 'no-existe', 'pg_dump') },
    });
    expect(ran.code).toBe(1);
    expect(ran.output).toContain(backupMessages.sinPgDump);
    expect(readdirSync(join(work, 'respaldos'))).toEqual([]);
  });
});

if (base) {
  describe('backup and restore with PostgreSQL, as the README says', () => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const cwd = join(work, 'app');

    beforeAll(async () => {
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      await admin.end();
      mkdirSync(cwd, { recursive: true });
    });

    it('backs up while the server serves, restores in place of the database, and the figures match', async () => {
      const s = await startDemoServer({ DATABASE_URL: databaseUrl });
      servers.push(s);
      const token = await signIn(s.url);
      const loanId = await recordPayment(s.url, token);
      const before = await totals(s.url, token, loanId);

      // `npm run backup` in a folder of its own: both name their file by the second, and the restore below
      // reads the pg_dump line's.
      const npmCwd = join(work, 'npm');
      mkdirSync(npmCwd, { recursive: true });
      const health = healthWatch(s.url);
      const npmBackup = await shell(readmeLine('npm run backup'), {
        cwd: npmCwd,
        env: { DATABASE_URL: databaseUrl },
      });
      const pgDump = await shell(readmeLine('mkdir -p respaldos && pg_dump'), {
        cwd,
        env: { DATABASE_URL: databaseUrl },
      });
      const statuses = await health.stop();
      expect(npmBackup.code, npmBackup.output).toBe(0);
      expect(npmBackup.output).toContain(backupMessages.conPgDump);
      expect(pgDump.code, pgDump.output).toBe(0);
      expect(statuses.every((status) => status === 200)).toBe(true);
      for (const folder of [npmCwd, cwd]) {
        const [dump, ...more] = readdirSync(join(folder, 'respaldos'));
        expect(more).toEqual([]);
        const listed = await shell(`pg_restore -l respaldos/${dump}`, { cwd: folder, env: {} });
        expect(listed.output).toContain('TABLE public payments');
      }

      await recordPayment(s.url, token, [loanId]);
      expect((await totals(s.url, token, loanId)).dashboard).not.toEqual(before.dashboard);
      await s.stop();

      const block = readmeBlocks().find(
        (b) => b.lang === 'bash' && b.lines.some((l) => l.includes('pg_restore')),
      );
      expect(block, 'README: el bloque de pg_restore').toBeDefined();
      const restore = await shell(block!.lines.join('\n'), { cwd, env: { DATABASE_URL: databaseUrl } });
      expect(restore.code, restore.output).toBe(0);

      const again = await startDemoServer({ DATABASE_URL: databaseUrl });
      servers.push(again);
      expect(await totals(again.url, await signIn(again.url), loanId)).toEqual(before);
      await again.stop();

      // The database that was there is kept under another name.
      const check = postgres(base, { max: 1, onnotice: () => {} });
      const kept = await check`select datname from pg_database where datname like ${`${name}_antes_%`}`;
      await check.end();
      expect(kept).toHaveLength(1);
    }, 300_000);

    it("the README's nightly line writes a copy pg_restore reads", async () => {
      const cron = readmeBlocks().find(
        (b) => b.lang === 'crontab' && b.lines.some((l) => l.includes('pg_dump')),
      );
      expect(cron, 'README: la línea de crontab de PostgreSQL').toBeDefined();
      const line = cron!.lines.find((l) => l.includes('pg_dump'))!;
      const home = join(work, 'home');
      // Its DATABASE_URL line is the one an operator writes; the test's database stands in for it.
      const ran = await shell(cronCommand(line), {
        cwd: work,
        env: { DATABASE_URL: databaseUrl, HOME: home },
        shell: 'sh',
      });
      expect(ran.code, ran.output).toBe(0);
      const copies = readdirSync(join(home, 'respaldos'));
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatch(/^prestamos-[1-7]\.dump$/);
      const list = await shell(`pg_restore -l ${join(home, 'respaldos', copies[0]!)}`, {
        cwd: work,
        env: {},
      });
      expect(list.code, list.output).toBe(0);
      expect(list.output).toContain('TABLE public payments');
    }, 120_000);
  });
}
