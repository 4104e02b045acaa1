// `npm run backup [archivo o carpeta]`: a consistent copy of the database while the server runs (decision 024).
// Embedded: the running server copies PGlite (or, stopped, this process does) into a .tar.gz; with
// DATABASE_URL: pg_dump -Fc into a .dump. Without an argument: respaldos/prestamos-<fecha>-<hora>.<ext>.
import { relative } from 'node:path';
import { backupTarget, invocationDir } from '../server/backup/backup-file';
import { BackupError, dataDirOf } from '../server/backup/control-file';
import { backupEmbedded } from '../server/backup/embedded-backup';
import { backupMessages as m } from '../server/backup/messages';
import { backupPostgres } from '../server/backup/pg-backup';

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const shown = (file: string) => relative(invocationDir(), file) || file;

try {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const done = await backupPostgres(databaseUrl, backupTarget(process.argv[2], '.dump'));
    console.log(m.respaldoEscrito(shown(done.file), mb(done.bytes), seconds(done.ms), m.conPgDump));
  } else {
    const done = await backupEmbedded(dataDirOf(), backupTarget(process.argv[2], '.tar.gz'));
    const how = done.fromServer ? `${m.desdeServidor}, la base ocupada ${done.heldMs} ms` : m.sinServidor;
    console.log(m.respaldoEscrito(shown(done.file), mb(done.bytes), seconds(done.ms), how));
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
