// A PostgreSQL server of the test's own (initdb into a temporary folder, a free port) that a test may stop in
// `immediate` mode and start again, as an outage does; the shared instance on 5432 is never touched.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where CI's Debian package puts them (`postgresql-15`); PG_BIN points elsewhere. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Like a crash: backends are killed, nothing is flushed, the next start recovers from the WAL. */
  stopImmediate(): Promise<void>;
  remove(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: as root (CI), the cluster belongs to the `postgres` user. */
async function runAsOwner(command: string, args: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

/** A new, empty cluster (not started). */
export async function createOwnPostgres(): Promise<OwnPostgres> {
  const initdb = join(PG_BIN, 'initdb');
  if (!existsSync(initdb))
    throw new Error(`No se encontró ${initdb}: instale postgresql-15 o defina PG_BIN con sus binarios`);
  const dir = mkdtempSync(join(tmpdir(), 'prestamos-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  await runAsOwner(initdb, [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const pgCtl = join(PG_BIN, 'pg_ctl');
  // Its own socket folder and loopback only: nothing shared with the system's cluster. fsync off is safe here:
  // an immediate stop kills the server, not the machine, so the OS still holds every write.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await runAsOwner(pgCtl, [
        'start',
        '-w',
        '-t',
        '60',
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-o',
        serverOptions,
      ]);
    },
    async stopImmediate() {
      await runAsOwner(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', data]);
    },
    async remove() {
      try {
        await runAsOwner(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', data]);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
