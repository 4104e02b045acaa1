// Faults bench, scenario 4: two API processes on one database (behind a balancer, say) and one device whose
// retries overlap: each round sends, at once, windows of its pending queue to both processes, twice to one of
// them, plus an already acknowledged stretch again. Every edit must be in the books once, and among all the
// answers each mutation id may read 'applied' only once (the others are replays: 'skipped').
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect';
import { seededRandom } from '../../server/seed/random';
import type { PushResponse } from '../../shared/sync/types';
import { type Device, editsFor, type OnceCheck, type TargetPool, verifyOnce } from './faults-data';
import { type Answer, callJson, type Latency, latencyOf, Tally } from './faults-http';
import type { Api } from './faults-servers';

export interface TwoServersOptions {
  db: Db;
  accountId: number;
  token: string;
  pool: TargetPool;
  edits: number;
  /** The pattern of windows and servers (the same seed, the same requests). */
  seed?: number;
}

export interface TwoServersResult {
  edits: number;
  rounds: number;
  requests: number;
  non2xx: number;
  statuses: string;
  examples: string[];
  /** Mutation ids answered 'applied' more than once across all answers. */
  appliedTwice: number;
  replays: number;
  push: Latency;
  wallMs: number;
  once: OnceCheck;
}

export async function runTwoServers(
  o: TwoServersOptions,
  servers: [Api, Api],
  log: (line: string) => void,
): Promise<TwoServersResult> {
  const device: Device = { clientId: randomUUID(), mutations: editsFor(o.pool.take(o.edits)) };
  const rng = seededRandom(o.seed ?? 14_004);
  const tally = new Tally();
  const latencies: number[] = [];
  const appliedCount = new Map<number, number>();
  let replays = 0;
  let acked = 0;
  let rounds = 0;
  log(`[fallos] 4: un dispositivo, ${o.edits} cambios, reintentos cruzados a dos procesos…`);
  const started = performance.now();
  const send = async (server: Api, from: number, count: number): Promise<void> => {
    const answer: Answer<PushResponse> = await callJson<PushResponse>(
      server.url,
      'POST',
      'sync/push',
      o.token,
      {
        clientId: device.clientId,
        mutations: device.mutations.slice(from, from + count),
      },
    );
    tally.add(answer, `push ${from + 1}…${from + count}`);
    latencies.push(answer.ms);
    if (answer.status !== 200 || !answer.body) return;
    for (const r of answer.body.results) {
      if (r.status === 'applied' || r.status === 'conflict')
        appliedCount.set(r.id, (appliedCount.get(r.id) ?? 0) + 1);
      else if (r.status === 'skipped') replays++;
    }
    acked = Math.max(acked, answer.body.lastMutationId);
  };
  while (acked < o.edits && rounds < 200) {
    rounds++;
    const [a, b] = rng.next() < 0.5 ? servers : ([servers[1], servers[0]] as const);
    const from = acked;
    const count = 10 + Math.floor(rng.next() * 30);
    await Promise.all([
      send(a, from, count),
      send(b, from, count),
      send(b, from, Math.ceil(count / 2)),
      // An acknowledged stretch sent again, as after an answer that never arrived.
      send(a, Math.max(0, from - 15), 30),
    ]);
  }
  return {
    edits: o.edits,
    rounds,
    requests: tally.requests,
    non2xx: tally.non2xx,
    statuses: tally.statuses(),
    examples: tally.examples,
    appliedTwice: [...appliedCount.values()].filter((n) => n > 1).length,
    replays,
    push: latencyOf(latencies),
    wallMs: Math.round(performance.now() - started),
    once: await verifyOnce(o.db, o.accountId, [device]),
  };
}
