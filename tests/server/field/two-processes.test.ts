// 'En campo' with two API processes on one PostgreSQL (the README's deploy): a payment pushed to one process reaches
// the office screen whose event stream is open on the other, through LISTEN/NOTIFY (decision 030). The embedded
// PGlite runs one process only: there the news stays in memory, which is what runs without DATABASE_URL.
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createFieldHub } from '../../../server/field/live';
import type { FieldToday } from '../../../shared/field/types';
import type { Loan } from '../../../shared/loans/types';
import { eventStream } from '../helpers/event-stream';
import { type ServerProcess, startServerProcess, waitFor } from '../helpers/server-process';
import { connectTestSql } from '../helpers/test-db';

const base = inject('embedded') ? null : process.env.DATABASE_URL;
const started: ServerProcess[] = [];
let database: string | null = null;

afterAll(async () => {
  for (const s of started) await s.stop();
  if (base && database) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});

async function login(url: string, email: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const get = async <T>(url: string, path: string, token: string) => {
  const res = await fetch(`${url}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

describe('En campo hub', () => {
  it('delivers a publish to the subscribers of that account only, and stops after unsubscribing', async () => {
    const hub = createFieldHub(connectTestSql(), { embedded: true });
    const heard: string[] = [];
    const stopA = await hub.subscribe(1, () => heard.push('a'));
    await hub.subscribe(2, () => heard.push('b'));
    await hub.publish(1);
    stopA();
    await hub.publish(1);
    await hub.publish(2);
    expect(heard).toEqual(['a', 'b']);
  });
});

if (base) {
  describe('En campo across two API processes', () => {
    it("a push on one process reaches the other's open event stream", async () => {
      database = `prestamos_en_campo_${Date.now()}_${process.pid}`;
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${database}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${database}`;
      const one = await startServerProcess(url.toString(), { SEED_DEMO: 'true' });
      started.push(one);
      await waitFor(
        'el primer proceso listo',
        async () => (await fetch(`${one.url}/api/health`).catch(() => null))?.ok,
        60_000,
      );
      const two = await startServerProcess(url.toString(), { SEED_DEMO: 'true' });
      started.push(two);
      await waitFor(
        'el segundo proceso listo',
        async () => (await fetch(`${two.url}/api/health`).catch(() => null))?.ok,
        60_000,
      );

      const office = await login(two.url, 'admin@demo.mx');
      const collector = await login(one.url, 'cobrador@demo.mx');
      const before = await get<FieldToday>(two.url, 'field/today', office);
      const cobradoBefore = before.collectors.find((c) => c.name === 'Cobrador Demo')?.cobrado ?? 0;

      const controller = new AbortController();
      const events = await fetch(`${two.url}/api/field/events`, {
        headers: { Authorization: `Bearer ${office}` },
        signal: controller.signal,
      });
      const stream = eventStream(events, controller);
      expect(await stream.until('event: listo')).toBe(true);

      const [loan] = await get<Loan[]>(one.url, 'list-loans?activos=true&limit=1', collector);
      const today = before.fecha;
      const pushed = await fetch(`${one.url}/api/sync/push`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${collector}` },
        body: JSON.stringify({
          clientId: crypto.randomUUID(),
          pendientes: 0,
          mutations: [
            {
              id: 1,
              name: 'payment.record',
              args: { receiptId: crypto.randomUUID(), loanId: loan!.id, amount: 123.45, fecha: today },
              clientTime: new Date().toISOString(),
            },
          ],
        }),
      });
      expect(pushed.status).toBe(200);
      expect(await stream.until('event: cambio')).toBe(true);
      await stream.close();

      const after = await get<FieldToday>(two.url, 'field/today', office);
      const me = after.collectors.find((c) => c.name === 'Cobrador Demo')!;
      expect(Math.round((me.cobrado - cobradoBefore) * 100)).toBe(12_345);
      expect(me.devices.some((d) => d.pendientes === 0)).toBe(true);
    }, 120_000);
  });
}
