// The README's HTTPS deploy with two API processes (issue 30, decision 025): Caddy with deploy/Caddyfile in front
// of two processes started as deploy/prestamos@.service starts them, on one fresh PostgreSQL database.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { businessToday } from '../../shared/dates';
import { FIELD_EVENT } from '../../shared/field/types';
import { mensajes } from '../../shared/messages';
import type { Mutation, PushResponse } from '../../shared/sync/types';
import { type Answer, ApiProcess, CADDY_PATH, Caddy, waitFor } from './helpers/deploy';
import { freePort } from './helpers/server';

const missing = [
  ...(existsSync(CADDY_PATH) ? [] : [`Caddy en ${CADDY_PATH} (apt-get install -y caddy)`]),
  ...(process.env.DATABASE_URL
    ? []
    : ['DATABASE_URL: dos procesos no pueden compartir la base embebida (PGlite)']),
];
const skip = missing.length > 0 && !process.env.CI;
if (skip) {
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n!! PRUEBA DEL DESPLIEGUE HTTPS OMITIDA (tests/e2e/https-proxy.test.ts): falta`);
  for (const what of missing) console.warn(`!!   - ${what}`);
  console.warn(`!! En CI (CI=true) es obligatoria; .ci/run instala Caddy.\n${line}\n`);
}

/** The demo seed's COBRADOR (server/seed/demo-data.ts). */
const COLLECTOR = { email: 'cobrador@demo.mx', password: 'demo1234' };

describe.skipIf(skip)('despliegue HTTPS con Caddy y dos procesos', () => {
  const admin = postgres(process.env.DATABASE_URL ?? 'postgres://invalid', { max: 1, onnotice: () => {} });
  const database = `prestamos_https_${Date.now()}_${randomUUID().slice(0, 6).replaceAll('-', '')}`;
  let db: postgres.Sql;
  let processes: [ApiProcess, ApiProcess];
  let caddy: Caddy;
  const dataDir = join(tmpdir(), `prestamos-https-${randomUUID().slice(0, 8)}`);

  beforeAll(async () => {
    if (missing.length > 0)
      throw new Error(
        `CI: falta ${missing.join(' y ')}; la prueba del despliegue HTTPS es obligatoria en CI.`,
      );
    await admin.unsafe(`create database ${database}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    // The recipe's /etc/prestamos/prestamos.env, with the demo (its collector) instead of a first administrator,
    // and the suite's build instead of /opt/prestamos/dist.
    const envFile = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomUUID().repeat(2),
      SEED_DEMO: 'true',
      STATIC_DIR: inject('distDir'),
      DATA_DIR: dataDir,
    };
    processes = [new ApiProcess(await freePort(), envFile), new ApiProcess(await freePort(), envFile)];
    // Both at once on the empty database, as systemd starts them: migrations and seed take their locks.
    await Promise.all(processes.map((p) => p.start()));
    caddy = await Caddy.start(processes.map((p) => p.port));
  });

  afterAll(async () => {
    await caddy?.stop();
    await Promise.all((processes ?? []).map((p) => p.stop()));
    await db?.end();
    await admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.end();
  });

  // A stop or a start waits until Caddy's health checks have seen it, as the README's rolling restart does:
  // a write that reaches a process in the moment it stops is not retried (deploy/Caddyfile).
  const stop = async (p: ApiProcess) => {
    const from = caddy.mark();
    await p.stop();
    await caddy.waitHealth(p.port, 'down', from);
  };
  const start = async (p: ApiProcess) => {
    const from = caddy.mark();
    await p.start();
    await caddy.waitHealth(p.port, 'up', from);
  };
  /** Both processes up (a retried test may find one stopped). */
  const bothUp = async () => {
    for (const p of processes) if (!p.running) await start(p);
  };

  it('sirve la app por HTTPS comprimida por Caddy, con las cabeceras de caché del servidor', async () => {
    const dist = inject('distDir');
    const file = (path: string) => readFileSync(join(dist, path));

    const shell = await caddy.request('GET', '/', { headers: { 'Accept-Encoding': 'zstd, gzip' } });
    expect(shell.status).toBe(200);
    expect(shell.headers['content-encoding']).toBe('zstd');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers.vary).toMatch(/Accept-Encoding/);
    // X-Forwarded-Proto from Caddy: the server knows it is served over HTTPS.
    expect(shell.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(shell.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");

    const plain = await caddy.request('GET', '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file('index.html'))).toBe(true);

    const gzipped = (path: string) => caddy.request('GET', path, { headers: { 'Accept-Encoding': 'gzip' } });
    const unzipped = (res: Answer) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      return gunzipSync(res.body);
    };
    const index = await gzipped('/');
    expect(unzipped(index).equals(file('index.html'))).toBe(true);

    const sw = await gzipped('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(unzipped(sw).equals(file('sw.js'))).toBe(true);

    const manifest = await gzipped('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const deepLink = await gzipped('/cobranza');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(unzipped(deepLink).toString()).toContain('Sistema de Préstamos');

    const script = /src="(\/assets\/[^"]+\.js)"/.exec(file('index.html').toString())?.[1];
    expect(script).toBeDefined();
    const asset = await gzipped(script!);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['last-modified']).toBeDefined();
    expect(unzipped(asset).equals(file(script!.slice(1)))).toBe(true);

    const health = await caddy.request('GET', '/api/health');
    expect([health.status, health.headers['cache-control']]).toEqual([200, 'no-store']);

    // Plain HTTP only redirects.
    const redirect = await caddy.plainHttp('/login');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toMatch(/^https:\/\/localhost/);
  });

  const signIn = async (credentials: { email: string; password: string }) => {
    const login = await caddy.api<{ token: string; user: { email: string } }>(
      'POST',
      '/api/login',
      null,
      credentials,
    );
    expect(login.status).toBe(200);
    expect(login.json.user.email).toBe(credentials.email);
    return login.json.token;
  };

  /** The collector's unpaid loans, read through the proxy as the phone would. */
  const unpaidLoans = async (token: string) => {
    const today = businessToday();
    const loans = await caddy.api<{ data: { id: number; pagada: boolean; fecha_inicio: string }[] }>(
      'GET',
      '/api/list-loans?limit=50',
      token,
    );
    expect(loans.status).toBe(200);
    return loans.json.data.filter((l) => !l.pagada && l.fecha_inicio <= today);
  };

  /** A payment of $50 today, as the phone's outbox sends it (payment.record, a receipt of its own). */
  const pay = (id: number, loanId: number): Mutation => ({
    id,
    name: 'payment.record',
    args: { receiptId: randomUUID(), loanId, amount: 50, fecha: businessToday() },
    clientTime: new Date().toISOString(),
  });

  const pushThrough = async (token: string, clientId: string, mutations: Mutation[]) => {
    const res = await caddy.api<PushResponse>('POST', '/api/sync/push', token, { clientId, mutations });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };

  it('el cobrador entra por el proxy, cada proceso registra un pago y cada pago queda una sola vez', async () => {
    await bothUp();
    const [first, second] = processes;
    const token = await signIn(COLLECTOR);
    const [loanA, loanB] = await unpaidLoans(token);
    expect(loanB).toBeDefined();

    const clientId = randomUUID();
    const m1 = pay(1, loanA!.id);
    const m2 = pay(2, loanB!.id);
    const push = (mutations: Mutation[]) => pushThrough(token, clientId, mutations);

    // Only the first process runs: it records the first payment (Caddy skips the stopped one by itself).
    await stop(second);
    expect(await push([m1])).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }] });

    // A restart, the other way round: the second process records the second payment and gets the first again,
    // as a phone that never heard the first answer sends it.
    await start(second);
    await stop(first);
    expect(await push([m1, m2])).toEqual({
      lastMutationId: 2,
      results: [
        { id: 1, status: 'skipped', outcome: 'applied' },
        { id: 2, status: 'applied' },
      ],
    });

    // And the second payment, replayed to the first process.
    await start(first);
    await stop(second);
    expect(await push([m2])).toEqual({
      lastMutationId: 2,
      results: [{ id: 2, status: 'skipped', outcome: 'applied' }],
    });

    const receipts = [m1, m2].map((m) => (m.args as { receiptId: string }).receiptId);
    const stored = await db<{ receipt_id: string; loan_id: number; n: number }[]>`
      select receipt_id::text, loan_id::int, count(*)::int as n from payments
      where receipt_id = any(${receipts}::uuid[]) group by receipt_id, loan_id order by loan_id`;
    expect(stored.map((r) => [r.receipt_id, r.loan_id, r.n]).sort()).toEqual(
      [
        [receipts[0], loanA!.id, 1],
        [receipts[1], loanB!.id, 1],
      ].sort(),
    );
    await bothUp();
  });

  it("los avisos en vivo de 'En campo' cruzan Caddy al momento, sin comprimir", async () => {
    await bothUp();
    const office = await signIn({ email: 'admin@demo.mx', password: 'demo1234' });
    const collector = await signIn(COLLECTOR);
    const events = await caddy.openStream('/api/field/events', {
      Authorization: `Bearer ${office}`,
      'Accept-Encoding': 'zstd, gzip',
    });
    try {
      expect(events.status).toBe(200);
      expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(events.headers['content-encoding']).toBeUndefined();
      await waitFor('el canal de En campo', async () => events.text().includes('event: listo'));
      // The open stream counts on its process, so least_conn sends the push to the other one: the news comes back
      // through LISTEN/NOTIFY (decision 030) and then through Caddy.
      const [loan] = await unpaidLoans(collector);
      expect((await pushThrough(collector, randomUUID(), [pay(1, loan!.id)])).results).toEqual([
        { id: 1, status: 'applied' },
      ]);
      await waitFor('el aviso de En campo', async () => events.text().includes(`event: ${FIELD_EVENT}`));
    } finally {
      events.close();
    }
  });

  it('el límite de intentos cuenta al cliente que Caddy nombra, no a Caddy ni lo que el cliente dice', async () => {
    await bothUp();
    // Another address of this machine than the one Caddy dials the processes from (127.0.0.1).
    const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
    const client =
      addresses.find((a) => a.address === '::1')?.address ??
      addresses.find((a) => a.family === 'IPv4' && !a.internal)?.address;
    expect(client, 'ni ::1 ni una dirección IPv4 externa en esta máquina').toBeDefined();
    const email = `${randomUUID().slice(0, 8)}@aldea.mx`;
    const res = await caddy.request('POST', '/api/login', {
      address: client,
      body: { email, password: 'equivocada' },
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(res.status).toBe(401);
    const keys = await db<
      { key: string }[]
    >`select key from login_failures where key like ${`%${email}`} order by key`;
    expect(keys.map((k) => k.key)).toEqual([`a|${email}`, `e|${client}|${email}`]);
  });

  it('sin PostgreSQL, un proceso sigue sirviendo la app y el 503 en español a través de Caddy', async () => {
    await bothUp();
    const from = caddy.mark();
    await admin.unsafe(`alter database ${database} allow_connections false`);
    try {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database}`;
      // Caddy's health checks take both processes out: no process is healthy any more.
      for (const p of processes) await caddy.waitHealth(p.port, 'down', from);
      const health = await caddy.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(JSON.parse(health.body.toString())).toEqual({
        error: mensajes.baseDeDatosNoDisponible,
        code: 'UNAVAILABLE',
      });
      const login = await caddy.request('GET', '/login');
      expect([login.status, login.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(login.body.toString()).toContain('Iniciar Sesión');
    } finally {
      await admin.unsafe(`alter database ${database} allow_connections true`);
    }
    const back = caddy.mark();
    await waitFor('la API de vuelta', async () => (await caddy.request('GET', '/api/health')).status === 200);
    for (const p of processes) await caddy.waitHealth(p.port, 'up', back);
  });
});
