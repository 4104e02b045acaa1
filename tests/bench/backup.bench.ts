// `npm run backup` on the embedded database (decision 024): the real server on a fresh DATA_DIR with the demo
// data, the real command run BENCH_BACKUP_RUNS times while it serves, and /api/health asked back to back during
// each run. Prints the backup's time, size and how long the database was held, and health's latency during
// the backups next to its latency at rest.
// Run alone: npx tsx tests/bench/backup.bench.ts   (BENCH_BACKUP_RUNS, default 5)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, waitFor } from '../server/helpers/server-process';
import { envInt, formatTable, isMain, median, ms, msSince, summarize } from './stats';

const root = new URL('../..', import.meta.url).pathname;

interface HealthProbe {
  stop(): Promise<{ times: number[]; failed: number }>;
}

/** /api/health, one request after another until stopped: each answer's latency, and how many were not 200. */
function probeHealth(url: string): HealthProbe {
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      times.push(msSince(started));
      if (status !== 200) failed++;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { times, failed };
    },
  };
}

function runBackup(dataDir: string, folder: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'backup', '--', `${folder}/`], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (b: Buffer) => (output += b));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

export interface BackupBenchResult {
  runs: { ms: number; heldMs: number; bytes: number; health: number[]; failed: number }[];
  restingHealth: number[];
  dataDirBytes: number;
}

function folderBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += folderBytes(join(path, entry));
  return total;
}

export async function runBackupBench(runs: number): Promise<BackupBenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'prestamos-respaldo-bench-'));
  const dataDir = join(work, 'data');
  const server = await startServerProcess('', {
    DATABASE_URL: undefined,
    JWT_SECRET: undefined,
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
  });
  try {
    await waitFor(
      'el servidor con los datos de demostración',
      async () => (await fetch(`${server.url}/api/health`)).status === 200,
      120_000,
    );
    const resting = probeHealth(server.url);
    await new Promise((r) => setTimeout(r, 2_000));
    const restingHealth = (await resting.stop()).times;
    const result: BackupBenchResult['runs'] = [];
    for (let i = 0; i < runs; i++) {
      const folder = join(work, `respaldo-${i}`);
      const probe = probeHealth(server.url);
      const started = performance.now();
      const output = await runBackup(dataDir, folder);
      const elapsed = msSince(started);
      const { times, failed } = await probe.stop();
      const heldMs = Number(/ocupada (\d+) ms/.exec(output)?.[1] ?? Number.NaN);
      result.push({ ms: elapsed, heldMs, bytes: folderBytes(folder), health: times, failed });
    }
    return { runs: result, restingHealth, dataDirBytes: folderBytes(join(dataDir, 'pglite')) };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function backupBenchReport(r: BackupBenchResult): string {
  const rest = summarize(r.restingHealth);
  return formatTable(
    `npm run backup con el servidor en marcha (PGlite, datos de demostración; carpeta pglite ${(r.dataDirBytes / 1e6).toFixed(1)} MB). ` +
      `/api/health en reposo: mediana ${ms(rest.p50)} ms, máx ${ms(rest.max)} ms (n=${rest.n})`,
    [
      'corrida',
      'comando (ms)',
      'base ocupada (ms)',
      'MB',
      'health n',
      'health mediana',
      'health máx',
      'health ≠200',
    ],
    r.runs.map((run, i) => [
      String(i + 1),
      ms(run.ms),
      ms(run.heldMs),
      (run.bytes / 1e6).toFixed(1),
      String(run.health.length),
      ms(median(run.health)),
      ms(Math.max(...run.health)),
      String(run.failed),
    ]),
  );
}

if (isMain(import.meta.url))
  console.log(backupBenchReport(await runBackupBench(envInt('BENCH_BACKUP_RUNS', 5))));
