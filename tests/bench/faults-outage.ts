// Faults bench, scenario 3: a PostgreSQL of the bench's own (initdb in a temporary folder, a free port;
// tests/server/helpers/own-postgres.ts) stopped in `immediate` mode during a stream of pushes and started
// again after `outageMs`. The same API process must live through it, answer 503 or a 'transient' push
// meanwhile, and recover by itself: measured from PostgreSQL accepting connections again to the first
// /api/health 200 and to the first push that applies something. The devices retry what the server has not
// acknowledged, as the app does; every edit must be in the books once.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { connect } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import type { PushResponse } from '../../shared/sync/types';
import { createOwnPostgres } from '../server/helpers/own-postgres';
import { waitFor } from '../server/helpers/server-process';
import {
  type Device,
  editsFor,
  type OnceCheck,
  openTargets,
  TargetPool,
  tokensFor,
  verifyOnce,
} from './faults-data';
import { callJson, sleep, Tally } from './faults-http';
import { errorLines, startApi } from './faults-servers';
import { generateTenant } from './generate';

export interface OutageOptions {
  jwtSecret: string;
  loans: number;
  devices: number;
  /** Edits per device. */
  edits: number;
  /** Edits per push. */
  batch: number;
  outageMs: number;
  /** A device's pause between two pushes that went through: spreads the stream over the outage. */
  paceMs: number;
}

export interface OutageResult {
  devices: number;
  edits: number;
  outageMs: number;
  /** From `pg_ctl start` to PostgreSQL answering a query (crash recovery included). */
  pgStartMs: number;
  /** From PostgreSQL answering again to the API's first /api/health 200, and to its first push applying an edit. */
  healthBackMs: number;
  pushBackMs: number;
  /** Answers while the database was away or coming back. */
  outageStatuses: string;
  transientPushes: number;
  /** Answers that are neither 2xx nor the outage's 503 (a 500, a dropped connection): findings. */
  unexpected: number;
  examples: string[];
  serverAlive: boolean;
  serverErrors: string[];
  once: OnceCheck;
}

/** performance.now() when a new connection to `url` first runs `select 1`, tried every 20 ms. */
async function firstAnswer(url: string): Promise<number> {
  for (;;) {
    const probe = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      await probe`select 1`;
      return performance.now();
    } catch {
      await sleep(20);
    } finally {
      await probe.end({ timeout: 1 });
    }
  }
}

export async function runOutage(o: OutageOptions, log: (line: string) => void): Promise<OutageResult> {
  log('[fallos] 3: PostgreSQL propio (initdb)…');
  const pg = await createOwnPostgres();
  let server: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    await pg.start();
    const setup = connect(pg.url, { embedded: false, max: 2 });
    let devices: Device[];
    let token: string;
    let accountId: number;
    try {
      await migrate(setup);
      const { tenant } = await generateTenant(setup, { loans: o.loans, verify: false });
      accountId = tenant.accountId;
      const pool = new TargetPool(await openTargets(setup, accountId));
      devices = Array.from({ length: o.devices }, () => ({
        clientId: randomUUID(),
        mutations: editsFor(pool.take(o.edits)),
      }));
      token = (await tokensFor(setup, o.jwtSecret, [tenant.collectorId]))[0]!;
    } finally {
      // The bench's own pool would live through the outage too: closed now, opened again for the check.
      await setup.end({ timeout: 5 });
    }
    server = await startApi(pg.url, o.jwtSecret);
    const api = server;

    const total = o.devices * o.edits;
    const acked = devices.map(() => 0);
    const outage = new Tally();
    let transient = 0;
    let unexpected = 0;
    const examples: string[] = [];
    let down = false;
    /** From the stop until the first push applies an edit again: the answers the outage gave. */
    let inOutage = false;
    let backAt = Number.POSITIVE_INFINITY;
    let pushBackAt = Number.POSITIVE_INFINITY;
    let healthBackAt = Number.POSITIVE_INFINITY;
    const deadline = Date.now() + 90_000 + o.outageMs;

    const stream = Promise.all(
      devices.map(async (device, d) => {
        while (acked[d]! < o.edits && Date.now() < deadline && api.exitCode() === null) {
          const answer = await callJson<PushResponse>(api.url, 'POST', 'sync/push', token, {
            clientId: device.clientId,
            mutations: device.mutations.slice(acked[d]!, acked[d]! + o.batch),
          });
          if (inOutage) outage.add(answer, 'push');
          const body = answer.body;
          const retryLater =
            answer.status === 503 || (answer.status === 200 && body?.stopped === 'transient');
          if (answer.status === 200 && body) {
            if (body.stopped === 'transient') transient++;
            if (body.results.some((r) => r.status === 'applied') && !down && performance.now() >= backAt) {
              pushBackAt = Math.min(pushBackAt, performance.now());
              inOutage = false;
            }
            acked[d] = Math.max(acked[d]!, body.lastMutationId);
          } else if (answer.status !== 503) {
            unexpected++;
            if (examples.length < 5) examples.push(`push: ${answer.status} ${answer.problem ?? ''}`);
          }
          // A phone waits before trying again; the app's back-off is longer, this keeps the stream dense.
          await sleep(retryLater || answer.status !== 200 ? 100 : o.paceMs);
        }
      }),
    );
    const health = (async () => {
      while (healthBackAt === Number.POSITIVE_INFINITY && Date.now() < deadline && api.exitCode() === null) {
        const answer = await callJson(api.url, 'GET', 'health', null);
        if (inOutage) outage.add(answer, 'health');
        if (answer.status === 200 && !down && performance.now() >= backAt)
          healthBackAt = Math.min(healthBackAt, performance.now());
        else if (answer.status !== 200 && answer.status !== 503) {
          unexpected++;
          if (examples.length < 5) examples.push(`health: ${answer.status} ${answer.problem ?? ''}`);
        }
        await sleep(20);
      }
    })();

    const sum = () => acked.reduce((a, b) => a + b, 0);
    await waitFor(
      'los dispositivos avanzan',
      async () => sum() >= total / 4 || api.exitCode() !== null,
      60_000,
    );
    log(`[fallos] 3: ${sum()}/${total} confirmados; pg_ctl stop -m immediate…`);
    down = true;
    inOutage = true;
    await pg.stopImmediate();
    await sleep(o.outageMs);
    const startCalled = performance.now();
    const pgStarted = pg.start();
    // The moment PostgreSQL answers a query again, seen from outside the API (pg_ctl -w notices it later).
    backAt = await firstAnswer(pg.url);
    down = false;
    await pgStarted;
    const pgStartMs = Math.round(backAt - startCalled);
    await Promise.all([stream, health]);
    const serverAlive = api.exitCode() === null;
    log(
      `[fallos] 3: PostgreSQL de vuelta; ${sum()}/${total} confirmados, servidor ${serverAlive ? 'vivo' : 'MUERTO'}`,
    );

    const check = connect(pg.url, { embedded: false, max: 1 });
    try {
      return {
        devices: o.devices,
        edits: total,
        outageMs: o.outageMs,
        pgStartMs,
        healthBackMs: Math.round(healthBackAt - backAt),
        pushBackMs: Math.round(pushBackAt - backAt),
        outageStatuses: outage.statuses(),
        transientPushes: transient,
        unexpected,
        examples: [...examples, ...(serverAlive ? [] : [`salida del servidor: ${api.output().slice(-600)}`])],
        serverAlive,
        serverErrors: errorLines(api),
        once: await verifyOnce(check, accountId, devices),
      };
    } finally {
      await check.end({ timeout: 5 });
    }
  } finally {
    await server?.stop();
    await pg.remove();
  }
}
