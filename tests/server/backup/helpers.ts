// What the backup tests share: the README's own commands, the real server on the demo data, and the figures a
// user reads (dashboard, reports, a loan's payments) to compare before a backup and after its restore.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type ServerProcess, startServerProcess, waitFor } from '../helpers/server-process';

export const root = new URL('../../..', import.meta.url).pathname;

/** The fenced blocks of README.md's "Sus datos" section, in order, with their language. */
export function readmeBlocks(): { lang: string; lines: string[] }[] {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const start = readme.indexOf('### Sus datos');
  const end = readme.indexOf('\n## ', start);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1] ?? '',
    lines: m[2]!.split('\n').filter((l) => l.trim() !== ''),
  }));
}

/** The README line that starts with `prefix` (one only), verbatim. */
export function readmeLine(prefix: string): string {
  const found = readmeBlocks()
    .flatMap((b) => b.lines)
    .filter((l) => l.startsWith(prefix));
  expect(found, `README "Sus datos": una línea que empiece con ${prefix}`).toHaveLength(1);
  return found[0]!;
}

/**
 * A crontab line as cron runs it: without its five schedule fields and with `\%` as `%` (in a crontab a bare
 * `%` ends the command).
 */
export function cronCommand(line: string): string {
  const fields = line.trim().split(/\s+/);
  expect(fields.length).toBeGreaterThan(5);
  return line
    .trim()
    .replace(/^(\S+\s+){5}/, '')
    .replaceAll('\\%', '%');
}

/**
 * Runs a shell line in `cwd`. `npm run` becomes `npm --prefix <repo> run`: the same script, run from a folder of
 * the test's own (npm keeps it in INIT_CWD, where the scripts read and write relative paths).
 */
export function shell(
  line: string,
  opts: { cwd: string; env: Record<string, string | undefined>; shell?: 'sh' | 'bash' },
): Promise<{ code: number | null; output: string }> {
  const command = line.replaceAll('npm run ', `npm --prefix ${root} run `);
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  for (const [key, value] of Object.entries(opts.env)) if (value === undefined) delete env[key];
  const args = opts.shell === 'sh' ? ['-c', command] : ['-e', '-o', 'pipefail', '-c', command];
  const child = spawn(opts.shell ?? 'bash', args, { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (b: Buffer) => (output += b));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** The real server with the demo data (on an empty database), answering /api/health. */
export async function startDemoServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const s = await startServerProcess('', { SEED_DEMO: 'true', ...env });
  await waitFor(
    'el servidor listo con los datos de demostración',
    async () => {
      if (s.exitCode() !== null) throw new Error(`el proceso terminó: ${s.output()}`);
      const res = await fetch(`${s.url}/api/health`).catch(() => null);
      return res?.status === 200;
    },
    120_000,
  );
  return s;
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.mx', password: 'demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function get(url: string, token: string, path: string): Promise<unknown> {
  const res = await fetch(`${url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return res.json();
}

interface ListedLoan {
  id: number;
  amortizacion: { id: number; pagada: boolean }[];
}

/** Marks the first unpaid row of an open loan paid, as the office does online; returns the loan. */
export async function recordPayment(url: string, token: string, skip: number[] = []): Promise<number> {
  const { data } = (await get(url, token, '/list-loans?per_page=50')) as { data: ListedLoan[] };
  const loan = data.find((l) => !skip.includes(l.id) && l.amortizacion.some((a) => !a.pagada));
  expect(loan, 'un préstamo con pagos pendientes').toBeDefined();
  const row = loan!.amortizacion.find((a) => !a.pagada)!;
  const res = await fetch(`${url}/api/aplicar-pago`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ loan_id: loan!.id, id: row.id, pagada: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return loan!.id;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** What a user reads: the dashboard, the financial summary and the portfolio over years, and the loan's payments. */
export async function totals(url: string, token: string, loanId: number) {
  const now = Date.now();
  const day = 86_400_000;
  const range = `fechaInicio=${isoDay(new Date(now - 4 * 365 * day))}&fechaFin=${isoDay(new Date(now + 365 * day))}`;
  const payments = (await get(url, token, `/loans/${loanId}/payments`)) as { data: unknown[] };
  return {
    dashboard: await get(url, token, '/dashboard-resume'),
    resumen: await get(url, token, `/resumen_creditos_cobros?${range}`),
    cartera: await get(url, token, `/reporte-cartera?${range}`),
    pagosDelPrestamo: payments.data.length,
  };
}

/** /api/health asked back to back until stopped; every status seen. */
export function healthWatch(url: string) {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.push(
        await fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      );
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return statuses;
    },
  };
}
