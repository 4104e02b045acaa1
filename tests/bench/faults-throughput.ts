// Faults bench, scenario 5: throughput and latency at `connections` concurrent keep-alive connections, each
// sending its next request as soon as the previous one answers, for `durationMs` per endpoint:
//   GET /api/list-loans (first page, the office), POST /api/sync/pull (the same 2,000-row page from the middle
//   of a full download, compact format), POST /api/sync/push (20-edit pushes of one collector's devices, one per
//   connection, on loans no other push touches).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect';
import type { ColumnarPullResponse } from '../../shared/sync/columnar';
import type { Mutation, PushResponse } from '../../shared/sync/types';
import { type Device, editsFor, type OnceCheck, type TargetPool, verifyOnce } from './faults-data';
import { type Answer, callJson, type Latency, latencyOf, runClosedLoop, Tally } from './faults-http';

export interface ThroughputOptions {
  baseUrl: string;
  db: Db;
  accountId: number;
  adminToken: string;
  collectorToken: string;
  pool: TargetPool;
  connections: number;
  durationMs: number;
  /** Edits per push. */
  edits: number;
}

export interface EndpointFigures {
  name: string;
  requests: number;
  non2xx: number;
  statuses: string;
  examples: string[];
  requestsPerSecond: number;
  latency: Latency;
  /** What one answer holds (rows of the page, edits of the push). */
  detail: string;
}

export interface ThroughputResult {
  connections: number;
  durationMs: number;
  endpoints: EndpointFigures[];
  pushOnce: OnceCheck;
}

async function measure(
  name: string,
  o: ThroughputOptions,
  detail: string,
  request: (connection: number, index: number) => Promise<Answer<unknown>> | null,
): Promise<EndpointFigures> {
  const tally = new Tally();
  // A few untimed requests first: the connections open and the server's caches warm up. Their errors count.
  const warmup = new Tally();
  for (let i = 0; i < o.connections; i++) {
    const warm = request(i, -1);
    if (warm) warmup.add(await warm, `${name} (calentamiento)`);
  }
  const { latencies, wallMs } = await runClosedLoop(o.connections, o.durationMs, request, tally, name);
  return {
    name,
    requests: tally.requests,
    non2xx: tally.non2xx + warmup.non2xx,
    statuses: tally.statuses(),
    examples: [...warmup.examples, ...tally.examples],
    requestsPerSecond: Math.round((tally.requests * 1000) / wallMs),
    latency: latencyOf(latencies),
    detail,
  };
}

const rowsOf = (page: ColumnarPullResponse) =>
  Object.values(page.changes).reduce((n, c) => n + c.rows.length, 0) + page.tombstones.length;

/** The cursor halfway through the collector's full download, walked in pages of 5,000. */
async function middleCursor(o: ThroughputOptions, clientId: string) {
  let cursor: string | null = null;
  let seen = 0;
  let total = 0;
  for (;;) {
    const answer: Answer<ColumnarPullResponse> = await callJson<ColumnarPullResponse>(
      o.baseUrl,
      'POST',
      'sync/pull',
      o.collectorToken,
      { clientId, cursor, limit: 5000, format: 'columnas-delta' },
    );
    if (answer.status !== 200 || !answer.body)
      throw new Error(`[fallos] pull ${answer.status}: ${answer.problem ?? ''}`);
    total = answer.body.total ?? total;
    seen += rowsOf(answer.body);
    cursor = answer.body.cursor;
    if (!answer.body.hasMore || seen >= total / 2) return { cursor, seen, total };
  }
}

export async function runThroughput(
  o: ThroughputOptions,
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const endpoints: EndpointFigures[] = [];
  log(`[fallos] 5: ${o.connections} conexiones, ${o.durationMs} ms por ruta: GET /api/list-loans…`);
  endpoints.push(
    await measure('GET /api/list-loans (página 1)', o, 'primera página', () =>
      callJson(o.baseUrl, 'GET', 'list-loans?page=1', o.adminToken),
    ),
  );

  const pullClient = randomUUID();
  const middle = await middleCursor(o, pullClient);
  log(`[fallos] 5: cursor a ${middle.seen} de ${middle.total} filas; POST /api/sync/pull…`);
  let pageRows = 0;
  endpoints.push(
    await measure('POST /api/sync/pull (página de en medio)', o, '', async () => {
      const answer = await callJson<ColumnarPullResponse>(o.baseUrl, 'POST', 'sync/pull', o.collectorToken, {
        clientId: pullClient,
        cursor: middle.cursor,
        limit: 2000,
        format: 'columnas-delta',
      });
      if (answer.body?.changes) pageRows = rowsOf(answer.body);
      return answer;
    }),
  );
  endpoints.at(-1)!.detail = `${pageRows} filas, desde la ${middle.seen} de ${middle.total}`;

  log('[fallos] 5: POST /api/sync/push…');
  const devices: (Device & { sent: number })[] = Array.from({ length: o.connections }, () => ({
    clientId: randomUUID(),
    mutations: [],
    sent: 0,
  }));
  const nextPush = (device: Device & { sent: number }): Mutation[] | null => {
    let targets: ReturnType<TargetPool['take']>;
    try {
      targets = o.pool.take(o.edits);
    } catch {
      return null; // no loans left to pay: this connection stops
    }
    const batch = editsFor(targets, device.sent + 1);
    device.sent += batch.length;
    device.mutations.push(...batch);
    return batch;
  };
  let incomplete = 0;
  const figures = await measure('POST /api/sync/push (20 cambios)', o, `${o.edits} cambios`, (connection) => {
    const device = devices[connection]!;
    const batch = nextPush(device);
    if (!batch) return null;
    return callJson<PushResponse>(o.baseUrl, 'POST', 'sync/push', o.collectorToken, {
      clientId: device.clientId,
      mutations: batch,
    }).then((answer) => {
      const applied = answer.body?.results?.filter((r) => r.status === 'applied' || r.status === 'conflict');
      if (
        answer.status === 200 &&
        (applied?.length !== batch.length || answer.body?.lastMutationId !== device.sent)
      )
        incomplete++;
      return answer;
    });
  });
  if (incomplete > 0) figures.examples.push(`${incomplete} pushes 200 sin aplicar todos sus cambios`);
  endpoints.push(figures);
  return {
    connections: o.connections,
    durationMs: o.durationMs,
    endpoints,
    pushOnce: await verifyOnce(o.db, o.accountId, devices),
  };
}
