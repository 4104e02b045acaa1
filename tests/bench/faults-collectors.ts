// Faults bench, scenario 1: a morning of collectors. Each one, with its own device, downloads its route (POST
// /api/sync/pull with the app's page size and compact format, page after page until hasMore is false) and then
// pushes its edits in one POST /api/sync/push, at most `concurrency` collectors at a time. Every answer is
// timed and tallied; afterwards the books must hold each edit exactly once.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect';
import type { ColumnarPullResponse } from '../../shared/sync/columnar';
import type { PushResponse } from '../../shared/sync/types';
import { type Device, editsFor, type OnceCheck, type TargetPool, verifyOnce } from './faults-data';
import { type Answer, callJson, type Latency, latencyOf, runBounded, Tally } from './faults-http';

export interface CollectorsOptions {
  baseUrl: string;
  db: Db;
  accountId: number;
  /** One per collector, in the order of `firstTowns`. */
  tokens: string[];
  /** The town each collector's edits are in (the first of its route). */
  firstTowns: number[];
  pool: TargetPool;
  edits: number;
  concurrency: number;
}

export interface CollectorsResult {
  collectors: number;
  concurrency: number;
  edits: number;
  pullPages: number;
  pulledRows: number;
  requests: number;
  non2xx: number;
  statuses: string;
  /** Pushes answered 200 that did not apply all their edits (a gap, a transient stop, a rejection). */
  incompletePushes: number;
  examples: string[];
  wallMs: number;
  requestsPerSecond: number;
  pull: Latency;
  push: Latency;
  /** One collector's download with nobody else on the server, before the crowd: the floor of the figures. */
  alone: { pages: number; rows: number; pageMs: Latency };
  once: OnceCheck;
}

const rowsOf = (page: ColumnarPullResponse) =>
  Object.values(page.changes).reduce((n, c) => n + c.rows.length, 0) + page.tombstones.length;

/** Rows per page the app asks for during a full download (client/sync/run.ts DOWNLOAD_LIMIT). */
const DOWNLOAD_LIMIT = 5000;

/** A full download as the app asks for it: every page's answer, until hasMore is false or one fails. */
async function pullAll(
  baseUrl: string,
  token: string,
  clientId: string,
  onPage: (answer: Answer<ColumnarPullResponse>) => void,
): Promise<void> {
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const answer: Answer<ColumnarPullResponse> = await callJson<ColumnarPullResponse>(
      baseUrl,
      'POST',
      'sync/pull',
      token,
      { clientId, cursor, limit: DOWNLOAD_LIMIT, format: 'columnas-delta' },
    );
    onPage(answer);
    if (answer.status !== 200 || !answer.body?.hasMore) return;
    cursor = answer.body.cursor;
  }
}

export async function runCollectors(
  o: CollectorsOptions,
  log: (line: string) => void,
): Promise<CollectorsResult> {
  const devices: Device[] = o.firstTowns.map((town) => ({
    clientId: randomUUID(),
    mutations: editsFor(o.pool.take(o.edits, town)),
  }));
  const aloneMs: number[] = [];
  let aloneRows = 0;
  await pullAll(o.baseUrl, o.tokens[0]!, randomUUID(), (answer) => {
    aloneMs.push(answer.ms);
    if (answer.body?.changes) aloneRows += rowsOf(answer.body);
  });
  const tally = new Tally();
  const pullMs: number[] = [];
  const pushMs: number[] = [];
  const problems: string[] = [];
  let pages = 0;
  let rows = 0;
  let incomplete = 0;
  let done = 0;
  log(
    `[fallos] 1: ${devices.length} cobradores, ${o.concurrency} a la vez: descarga completa y ${o.edits} cambios…`,
  );
  const started = performance.now();
  await runBounded(devices, o.concurrency, async (device, i) => {
    const token = o.tokens[i]!;
    await pullAll(o.baseUrl, token, device.clientId, (answer) => {
      tally.add(answer, 'pull');
      pullMs.push(answer.ms);
      if (answer.status !== 200 || !answer.body) return;
      pages++;
      rows += rowsOf(answer.body);
    });
    const answer = await callJson<PushResponse>(o.baseUrl, 'POST', 'sync/push', token, {
      clientId: device.clientId,
      mutations: device.mutations,
    });
    tally.add(answer, 'push');
    pushMs.push(answer.ms);
    const body = answer.body;
    const applied = body?.results?.filter((r) => r.status === 'applied' || r.status === 'conflict').length;
    if (answer.status === 200 && (applied !== o.edits || body?.lastMutationId !== o.edits)) {
      incomplete++;
      if (problems.length < 3) problems.push(`push incompleto: ${JSON.stringify(body).slice(0, 300)}`);
    }
    if (++done % 50 === 0) log(`[fallos] 1: ${done}/${devices.length} cobradores`);
  });
  const wallMs = Math.round(performance.now() - started);
  return {
    collectors: devices.length,
    concurrency: o.concurrency,
    edits: o.edits,
    pullPages: pages,
    pulledRows: rows,
    requests: tally.requests,
    non2xx: tally.non2xx,
    statuses: tally.statuses(),
    incompletePushes: incomplete,
    examples: [...tally.examples, ...problems],
    wallMs,
    requestsPerSecond: Math.round((tally.requests * 1000) / wallMs),
    pull: latencyOf(pullMs),
    push: latencyOf(pushMs),
    alone: { pages: aloneMs.length, rows: aloneRows, pageMs: latencyOf(aloneMs) },
    once: await verifyOnce(o.db, o.accountId, devices),
  };
}
