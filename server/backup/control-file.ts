// The two files in DATA_DIR through which the server and `npm run backup`/`restore` find each other
// (decision 024). Each side writes its own file first and reads the other's after: whichever comes second sees
// the first, so an embedded database is never opened by two processes at once.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backupMessages as m } from './messages';

/** Where the running server's backup listener is, and the key it asks for. Readable by its owner only. */
export interface BackupControl {
  pid: number;
  port: number;
  token: string;
}

/** A failure the operator reads as is: the scripts print the message alone and exit 1. */
export class BackupError extends Error {}

/** DATA_DIR as `loadConfig` (server/config.ts) resolves it: the scripts must mean the server's folder. */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? 'data');

export const controlFilePath = (dataDir: string) => join(dataDir, 'respaldo-control.json');
export const maintenanceLockPath = (dataDir: string) => join(dataDir, 'respaldo-en-curso.lock');

export function readControl(dataDir: string): BackupControl | null {
  try {
    const parsed = JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')) as Partial<BackupControl>;
    const { pid, port, token } = parsed;
    if (typeof pid !== 'number' || typeof port !== 'number' || typeof token !== 'string') return null;
    return { pid, port, token };
  } catch {
    return null;
  }
}

/** Written whole or not at all (rename), so a reader never meets half a file. */
export function writeControl(dataDir: string, control: BackupControl) {
  const file = controlFilePath(dataDir);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(control), { mode: 0o600 });
  renameSync(partial, file);
}

/** Removes the file only while it is still this server's: a later server on the folder keeps its own. */
export function removeControl(dataDir: string, token: string) {
  if (readControl(dataDir)?.token === token) rmSync(controlFilePath(dataDir), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists and belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process (other than this one) holding the maintenance lock, if any. */
export function maintenanceHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(maintenanceLockPath(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * Marks DATA_DIR as being backed up or restored by this process; the server refuses to start meanwhile. A lock
 * left by a process that no longer exists is taken over. Returns the release.
 */
export function takeMaintenanceLock(dataDir: string): () => void {
  const lock = maintenanceLockPath(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = maintenanceHolder(dataDir);
      if (holder !== null) throw new BackupError(m.mantenimientoEnCurso(dataDir, holder, lock));
      rmSync(lock, { force: true });
    }
  }
}
