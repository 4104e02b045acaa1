// The embedded server's backup listener (decision 024): PGlite lives inside the server process, so only the
// server can read a consistent copy of it. A second HTTP listener on 127.0.0.1 and a random port, apart from the
// app's (which may listen on every interface or sit behind a proxy on this same machine), answers a caller that
// shows the key written in DATA_DIR, readable by the server's user only.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import {
  BackupError,
  maintenanceHolder,
  maintenanceLockPath,
  removeControl,
  writeControl,
} from './control-file';
import { backupMessages as m } from './messages';

export interface BackupListener {
  /** From now on a backup reads this; before it, a request is told to wait for the database. */
  attach(dump: () => Promise<Blob>): void;
  close(): Promise<void>;
}

/** The header with the uncompressed size, which `npm run backup` checks the file against. */
export const TAR_BYTES_HEADER = 'x-respaldo-bytes';
/** How long the database was held for the copy, in ms (the rest is compression and transfer). */
export const HELD_MS_HEADER = 'x-respaldo-ms';

function json(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function keyMatches(req: IncomingMessage, token: string) {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Listens, then writes DATA_DIR's control file, then looks for a backup or restore in progress, in that order
 * (control-file.ts): a script that locked the folder first is seen here, and one that locks it later sees the
 * control file. Throws BackupError when the folder is locked.
 */
export async function startBackupListener(dataDir: string): Promise<BackupListener> {
  const token = randomBytes(32).toString('hex');
  let dump: (() => Promise<Blob>) | null = null;
  let busy = false;

  async function backup(res: ServerResponse) {
    if (!dump) return json(res, 503, { error: m.arrancando });
    if (busy) return json(res, 409, { error: m.enCurso });
    busy = true;
    try {
      const started = performance.now();
      let tar: Buffer;
      try {
        tar = Buffer.from(await (await dump()).arrayBuffer());
      } catch (err) {
        return json(res, 503, { error: m.fallo(err instanceof Error ? err.message : String(err)) });
      }
      res.writeHead(200, {
        'Content-Type': 'application/gzip',
        [TAR_BYTES_HEADER]: String(tar.length),
        [HELD_MS_HEADER]: String(Math.round(performance.now() - started)),
      });
      const gzip = createGzip();
      gzip.end(tar);
      // The caller checks the size it unpacks against the header: a copy cut short is never kept.
      await pipeline(gzip, res).catch(() => res.destroy());
    } finally {
      busy = false;
    }
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const handled = (async () => {
      if (!keyMatches(req, token)) return json(res, 401, { error: m.tokenInvalido });
      if (req.method === 'GET' && path === '/estado') return json(res, 200, { pid: process.pid, dataDir });
      if (req.method === 'POST' && path === '/respaldo') return backup(res);
      return json(res, 404, { error: m.noEncontrado });
    })();
    handled.catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  mkdirSync(dataDir, { recursive: true });
  writeControl(dataDir, { pid: process.pid, port, token });
  const forget = () => removeControl(dataDir, token);
  process.on('exit', forget);

  const close = async () => {
    forget();
    process.off('exit', forget);
    // A backup still streaming is cut: its caller sees the copy incomplete and keeps nothing.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  const holder = maintenanceHolder(dataDir);
  if (holder !== null) {
    await close();
    throw new BackupError(m.servidorNoArranca(dataDir, holder, maintenanceLockPath(dataDir)));
  }
  return {
    attach(fn) {
      dump = fn;
    },
    close,
  };
}
