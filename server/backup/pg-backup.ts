// `npm run backup` with DATABASE_URL: pg_dump's custom format (what the README's `pg_restore` lines read), taken
// from one snapshot of the database while the servers keep working.
import { spawn } from 'node:child_process';
import { writeWhole } from './backup-file';
import { BackupError } from './control-file';
import { backupMessages as m } from './messages';

/**
 * The URL without its password, which goes in PGPASSWORD instead: a command line is visible to every user of
 * the machine (`ps`), the environment is not.
 */
export function pgDumpConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), password };
}

function runPgDump(databaseUrl: string, partial: string) {
  const { dbname, password } = pgDumpConnection(databaseUrl);
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  const child = spawn(
    process.env.PG_DUMP || 'pg_dump',
    ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`],
    { stdio: ['ignore', 'inherit', 'inherit'], env },
  );
  return new Promise<void>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(m.sinPgDump) : err),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(m.pgDumpFallo(String(code ?? signal))));
    });
  });
}

export async function backupPostgres(databaseUrl: string, file: string) {
  const started = performance.now();
  const bytes = await writeWhole(file, (partial) => runPgDump(databaseUrl, partial));
  return { file, bytes, ms: Math.round(performance.now() - started) };
}
