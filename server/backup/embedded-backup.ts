// `npm run backup` with the embedded database (decision 024): the running server makes the copy; with the server
// stopped this process opens the folder itself, holding the maintenance lock so the server cannot start meanwhile.
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDataPath } from '../db/connect';
import { checkGzipSize, writeWhole } from './backup-file';
import { type BackupControl, BackupError, readControl, takeMaintenanceLock } from './control-file';
import { HELD_MS_HEADER, TAR_BYTES_HEADER } from './listener';
import { backupMessages as m } from './messages';

/** How long a call to the listener may go unanswered; the copy itself is seconds even for a large database. */
const ANSWER_TIMEOUT_MS = 60_000;

export type ServerState =
  | { state: 'stopped' }
  | { state: 'running'; control: BackupControl }
  | { state: 'unresponsive'; control: BackupControl; detail: string };

const causeCode = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) as
    | string
    | undefined;

const detailOf = (err: unknown) => causeCode(err) ?? (err instanceof Error ? err.message : String(err));

function call(control: BackupControl, method: string, path: string) {
  return fetch(`http://127.0.0.1:${control.port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${control.token}` },
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
}

/**
 * Whether a server runs on `dataDir`: its control file names a port where the server answers with the key.
 * A refused connection is a control file left by a server that died; anything else counts as running.
 */
export async function serverOn(dataDir: string): Promise<ServerState> {
  const control = readControl(dataDir);
  if (!control) return { state: 'stopped' };
  try {
    const res = await call(control, 'GET', '/estado');
    if (res.ok) return { state: 'running', control };
    return { state: 'unresponsive', control, detail: `HTTP ${res.status}` };
  } catch (err) {
    if (causeCode(err) === 'ECONNREFUSED') return { state: 'stopped' };
    return { state: 'unresponsive', control, detail: detailOf(err) };
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** How long the database was held for the copy (the server answers it; offline it is the whole read). */
  heldMs: number;
  fromServer: boolean;
}

async function fromServer(control: BackupControl, dataDir: string, file: string) {
  let res: Response;
  try {
    res = await call(control, 'POST', '/respaldo');
  } catch (err) {
    throw new BackupError(m.servidorNoResponde(dataDir, detailOf(err)));
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new BackupError(body?.error ?? m.servidorNoResponde(dataDir, `HTTP ${res.status}`));
  }
  const tarBytes = Number(res.headers.get(TAR_BYTES_HEADER));
  const heldMs = Number(res.headers.get(HELD_MS_HEADER));
  const body = Readable.fromWeb(res.body as ReadableStream<Uint8Array>);
  const bytes = await writeWhole(
    file,
    (partial) =>
      pipeline(body, createWriteStream(partial)).catch(() => {
        throw new BackupError(m.respaldoIncompleto);
      }),
    (partial) => checkGzipSize(partial, tarBytes),
  );
  return { bytes, heldMs };
}

async function offline(dataDir: string, file: string) {
  const folder = embeddedDataPath(dataDir);
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new BackupError(m.sinBase(dataDir));
  const started = performance.now();
  const pglite = await PGlite.create(folder);
  let tar: Buffer;
  try {
    tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pglite.close();
  }
  const heldMs = Math.round(performance.now() - started);
  const bytes = await writeWhole(
    file,
    (partial) => {
      const gzip = createGzip();
      gzip.end(tar);
      return pipeline(gzip, createWriteStream(partial));
    },
    (partial) => checkGzipSize(partial, tar.length),
  );
  return { bytes, heldMs };
}

export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  if (!existsSync(dataDir)) throw new BackupError(m.sinBase(dataDir));
  // Locked first, then the server looked for (control-file.ts): a server starting now either is seen here or
  // refuses to start.
  const release = takeMaintenanceLock(dataDir);
  try {
    const server = await serverOn(dataDir);
    if (server.state === 'unresponsive') throw new BackupError(m.servidorNoResponde(dataDir, server.detail));
    const done =
      server.state === 'running'
        ? await fromServer(server.control, dataDir, file)
        : await offline(dataDir, file);
    const ms = Math.round(performance.now() - started);
    return { file, ...done, ms, fromServer: server.state === 'running' };
  } finally {
    release();
  }
}
