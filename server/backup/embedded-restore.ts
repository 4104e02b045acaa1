// `npm run restore <file>` (decision 024): the copy is unpacked and opened beside the current data, and only once
// PGlite has opened it and found the app's tables do the folders swap names. The current data is kept, renamed,
// never deleted.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataPath } from '../db/connect';
import { timeStamp } from './backup-file';
import { BackupError, takeMaintenanceLock } from './control-file';
import { serverOn } from './embedded-backup';
import { backupMessages as m } from './messages';

export interface RestoreResult {
  /** Where the data that was there went; null when DATA_DIR had no database. */
  previous: string | null;
  migrations: number;
}

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Opens the copy in `folder` (empty) and counts its applied migrations: the proof that it is this app's. */
async function unpack(file: string, folder: string): Promise<number> {
  const bytes = readFileSync(file);
  // PGlite unpacks a gzip by its type; a plain tar (a copy someone decompressed) loads as is.
  const blob = new Blob([bytes], { type: isGzip(bytes) ? 'application/gzip' : 'application/x-tar' });
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: folder, loadDataDir: blob });
  } catch (err) {
    throw new BackupError(m.noEsRespaldo(file, err instanceof Error ? err.message : String(err)));
  }
  try {
    const { rows } = await pglite.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    return rows[0]?.n ?? 0;
  } catch (err) {
    throw new BackupError(m.noEsRespaldo(file, err instanceof Error ? err.message : String(err)));
  } finally {
    await pglite.close();
  }
}

export async function restoreEmbedded(
  file: string,
  dataDir: string,
  now = new Date(),
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(m.archivoNoExiste(file));
  mkdirSync(dataDir, { recursive: true });
  const release = takeMaintenanceLock(dataDir);
  try {
    const server = await serverOn(dataDir);
    if (server.state !== 'stopped') throw new BackupError(m.servidorCorriendo(dataDir, server.control.pid));
    const current = embeddedDataPath(dataDir);
    // Only this command writes the staging folder: a leftover is an earlier attempt's, never anyone's data.
    const staging = `${current}.restaurando`;
    rmSync(staging, { recursive: true, force: true });
    let migrations: number;
    try {
      migrations = await unpack(file, staging);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw err;
    }
    let previous: string | null = null;
    if (existsSync(current)) {
      previous = `${current}-antes-de-restaurar-${timeStamp(now)}`;
      renameSync(current, previous);
    }
    renameSync(staging, current);
    return { previous, migrations };
  } finally {
    release();
  }
}
