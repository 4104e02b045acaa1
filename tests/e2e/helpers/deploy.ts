// The README's HTTPS deploy (decision 025) on this machine: the API processes as deploy/prestamos@.service starts
// them, and Caddy with deploy/Caddyfile itself, filled in only with free ports and temporary folders.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server';

const root = join(import.meta.dirname, '../../..');

export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const CADDYFILE = join(root, 'deploy/Caddyfile');
const CHECKERS = readFileSync(CADDYFILE, 'utf8').match(/^\s*import to_processes$/gm)?.length ?? 0;

/** What the unit runs for instance `port`: its ExecStart and its Environment= assignments, %i filled in. */
export function unitCommand(port: number): { argv: string[]; env: Record<string, string> } {
  const lines = readFileSync(join(root, 'deploy/prestamos@.service'), 'utf8').split('\n');
  const values = (key: string) =>
    lines
      .filter((l) => l.startsWith(`${key}=`))
      .map((l) => l.slice(key.length + 1).replaceAll('%i', String(port)));
  const env: Record<string, string> = {};
  for (const assignment of values('Environment').flatMap((v) => v.trim().split(/\s+/))) {
    // systemd would take quotes off; the unit has none, and this reader does not pretend to.
    if (/["']/.test(assignment))
      throw new Error(`comillas en Environment= no soportadas aquí: ${assignment}`);
    const eq = assignment.indexOf('=');
    env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
  }
  const [exec] = values('ExecStart');
  if (!exec) throw new Error('deploy/prestamos@.service no tiene ExecStart');
  return { argv: exec.trim().split(/\s+/), env };
}

/** One API process, stoppable and startable again on its port (a restart, as systemd would do it). */
export class ApiProcess {
  private child: ChildProcess | null = null;
  private log = '';

  constructor(
    readonly port: number,
    /** What /etc/prestamos/prestamos.env holds in the recipe (the test's database, secret and build). */
    private readonly envFile: Record<string, string>,
  ) {}

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.log;
  }

  async start() {
    const { argv, env } = unitCommand(this.port);
    const child = spawn(argv[0]!, argv.slice(1), {
      // The unit's WorkingDirectory is /opt/prestamos, the checkout this is.
      cwd: root,
      env: { ...process.env, ...env, ...this.envFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    await waitFor(`el proceso del puerto ${this.port}`, async () => {
      if (!this.running) throw new Error(`el proceso del puerto ${this.port} terminó:\n${this.log}`);
      const res = await fetch(`http://127.0.0.1:${this.port}/api/health`).catch(() => null);
      return res?.ok ?? false;
    });
  }

  async stop() {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (this.running) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As it came over the wire: still compressed when Content-Encoding says so. */
  body: Buffer;
}

export interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  text(): string;
  close(): void;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** The address to connect to (the certificate is still checked for 'localhost'). */
  address?: string;
}

/** Caddy with the committed Caddyfile; requests go to it over HTTPS and trust only its own CA's root. */
export class Caddy {
  private child: ChildProcess | null = null;
  private log = '';
  private ca: Buffer | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'prestamos-caddy-'));

  private constructor(
    readonly httpsPort: number,
    readonly httpPort: number,
    private readonly upstreams: number[],
  ) {}

  static async start(upstreams: number[]): Promise<Caddy> {
    const caddy = new Caddy(await freePort(), await freePort(), upstreams);
    await caddy.run();
    return caddy;
  }

  /** Everything Caddy logged (JSON lines). */
  output() {
    return this.log;
  }

  /** Where the log stands now: waitHealth reads what Caddy logs after it. */
  mark() {
    return this.log.length;
  }

  /**
   * Until every health checker of the Caddyfile (one per `import to_processes`: reads and writes each keep their
   * own) has seen the process on `port` go down, or come back up, since `from`. Caddy logs each failed check
   * ("HTTP request failed" when refused, "status code out of tolerances" for the 503 without its database)
   * and each return ("host is up").
   */
  async waitHealth(port: number, state: 'up' | 'down', from: number) {
    const host = `"host":"127.0.0.1:${port}"`;
    const messages =
      state === 'up' ? ['"host is up"'] : ['"HTTP request failed"', '"status code out of tolerances"'];
    const lines = () =>
      this.log
        .slice(from)
        .split('\n')
        .filter((l) => l.includes(host) && messages.some((m) => l.includes(m))).length;
    if (CHECKERS === 0)
      throw new Error('deploy/Caddyfile ya no importa to_processes: ¿quién revisa la salud?');
    await waitFor(
      `Caddy viendo el puerto ${port} ${state === 'up' ? 'arriba' : 'abajo'}`,
      async () => lines() >= CHECKERS,
    );
  }

  private async run() {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      // Its CA, certificates and autosaved config: this run's own, never the machine's.
      HOME: this.dir,
      XDG_DATA_HOME: join(this.dir, 'data'),
      XDG_CONFIG_HOME: join(this.dir, 'config'),
      SITE_ADDRESS: 'localhost',
      UPSTREAMS: this.upstreams.map((p) => `127.0.0.1:${p}`).join(' '),
      HTTP_PORT: String(this.httpPort),
      HTTPS_PORT: String(this.httpsPort),
      CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
    };
    const child = spawn(CADDY_PATH, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log += chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    const rootCert = join(this.dir, 'data/caddy/pki/authorities/local/root.crt');
    await waitFor('Caddy', async () => {
      if (child.exitCode !== null) throw new Error(`caddy terminó:\n${this.log}`);
      if (!existsSync(rootCert)) return false;
      this.ca = readFileSync(rootCert);
      const res = await this.request('GET', '/api/health').catch(() => null);
      return res?.status === 200;
    });
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: options.address ?? '127.0.0.1',
          port: this.httpsPort,
          servername: 'localhost',
          method,
          path,
          ca: this.ca ?? undefined,
          agent: false,
          headers: {
            Host: `localhost:${this.httpsPort}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A response read as it arrives (server-sent events): its headers at once, its text so far on demand. */
  openStream(path: string, headers: Record<string, string>): Promise<OpenStream> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: this.httpsPort,
          servername: 'localhost',
          path,
          ca: this.ca ?? undefined,
          agent: false,
          headers: { Host: `localhost:${this.httpsPort}`, ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('error', () => {});
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: () => text,
            close: () => req.destroy(),
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** Plain HTTP on Caddy's HTTP port, as a browser typing the bare name would arrive. */
  plainHttp(path: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: this.httpPort, path, agent: false, headers: { Host: 'localhost' } },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** A JSON call through the proxy, with the access token when there is one. */
  async api<T>(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await this.request(method, path, {
      body,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, json: JSON.parse(res.body.toString('utf8')) as T };
  }

  async stop() {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Polls until `check` holds; throws naming `what` after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} no respondió en ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
