// Where `npm run backup` writes, and how: into `<file>.parcial`, renamed only once complete, so a cut copy never
// takes the name (or replaces the previous copy of a rotation such as the README's nightly one).
import { chmodSync, createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BackupError } from './control-file';
import { backupMessages as m } from './messages';

const two = (n: number) => String(n).padStart(2, '0');

/** 2026-11-28-031500: local time, so a listing sorts by date and reads like the clock. */
export function timeStamp(now: Date) {
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `${date}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
}

export const backupName = (now: Date, extension: string) => `prestamos-${timeStamp(now)}${extension}`;

/** The folder the operator typed the command in: npm runs scripts in the package folder and keeps it in INIT_CWD. */
export const invocationDir = (env: NodeJS.ProcessEnv = process.env) => env.INIT_CWD ?? process.cwd();

/**
 * The file to write: `respaldos/<name>` without an argument; `<folder>/<name>` for an existing folder (or one
 * written with a trailing slash); the path itself otherwise. Relative to where the command was typed.
 */
export function backupTarget(arg: string | undefined, extension: string, now = new Date()) {
  const base = invocationDir();
  const name = backupName(now, extension);
  let file: string;
  if (!arg) file = join(base, 'respaldos', name);
  else {
    const path = resolve(base, arg);
    const folder = /[\\/]$/.test(arg) || (existsSync(path) && statSync(path).isDirectory());
    file = folder ? join(path, name) : path;
  }
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

/** Writes through `write(partial)` and gives the file its name only when `check(partial)` passes. */
export async function writeWhole(
  file: string,
  write: (partial: string) => Promise<void>,
  check?: (partial: string) => Promise<void>,
) {
  const partial = `${file}.parcial`;
  try {
    await write(partial);
    await check?.(partial);
    // Every account's data and its password hashes: for the owner's eyes only, as DATA_DIR's own files.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return statSync(file).size;
}

/** Throws unless the gzip file unpacks whole to `bytes` bytes. */
export async function checkGzipSize(file: string, bytes: number) {
  let seen = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done();
    },
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), counter);
  } catch {
    throw new BackupError(m.respaldoIncompleto);
  }
  if (seen !== bytes) throw new BackupError(m.respaldoIncompleto);
}
