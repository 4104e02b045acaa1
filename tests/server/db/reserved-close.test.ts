// Decision 014: a query waiting in a reserved connection's own queue (a push's pipelined chunk) when
// the connection to PostgreSQL drops must fail, not stay pending: a push that never answers holds its device's
// queue and a connection of the pool for good. The connection runs through a proxy of the test's own, which
// drops it as a PostgreSQL restart or a lost network does.
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../../server/db/connect';

const target = new URL(inject('databaseUrl'));
const sockets: Socket[] = [];
let proxy: Server;

async function startProxy(): Promise<number> {
  proxy = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return (proxy.address() as { port: number }).port;
}

afterAll(() => {
  for (const s of sockets) s.destroy();
  proxy?.close();
});

/** The promise's outcome, or 'pendiente' when it has not settled within `ms`. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'cumplida',
      () => 'rechazada',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pendiente'), ms)),
  ]);

describe('a reserved connection whose link to PostgreSQL drops', () => {
  it('fails the queries still waiting in its own queue', async () => {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(await startProxy());
    const sql = connect(url.toString(), { embedded: inject('embedded'), max: 1 });
    try {
      const tx = await sql.reserve();
      await tx`select 1`;
      // A statement seen for the first time is described before it runs: the connection holds back the next
      // query in the reserved connection's own queue until the description arrives, which it never will.
      const running = tx`select pg_sleep(${2}::float8) as slept`.execute();
      const waiting = tx`select ${'después'}::text as otra`.execute();
      running.catch(() => {});
      waiting.catch(() => {});
      for (const s of sockets) s.destroy();
      expect(await settledWithin(running, 3_000)).toBe('rechazada');
      expect(await settledWithin(waiting, 3_000)).toBe('rechazada');
      tx.release();
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
