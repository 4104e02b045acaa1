// `npm run restore <archivo>`: brings back a copy of `npm run backup` into DATA_DIR's embedded database, with the
// server stopped; what was there is kept aside (decision 024). With DATABASE_URL the README's pg_restore applies.
import { resolve } from 'node:path';
import { invocationDir } from '../server/backup/backup-file';
import { BackupError, dataDirOf } from '../server/backup/control-file';
import { restoreEmbedded } from '../server/backup/embedded-restore';
import { backupMessages as m } from '../server/backup/messages';

try {
  const arg = process.argv[2];
  if (!arg) throw new BackupError(m.usoRestaurar);
  if (process.env.DATABASE_URL?.trim()) throw new BackupError(m.restaurarConPostgres);
  const file = resolve(invocationDir(), arg);
  const dataDir = dataDirOf();
  const done = await restoreEmbedded(file, dataDir);
  console.log(m.restaurado(file, dataDir));
  if (done.previous) console.log(m.anteriorGuardado(done.previous));
  console.log(m.arranque);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
