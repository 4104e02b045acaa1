// Load over loopback for the faults bench (decision 017): timed JSON calls to a real server process, a bounded pool
// of workers, and a tally of every answer. A non-2xx answer or a dropped connection is counted and kept as an
// example, never thrown: a run under load reports its errors instead of dying at the first one.
import { percentile } from './stats';

export interface Answer<T> {
  /** 0 when no answer arrived (connection refused or cut, timeout). */
  status: number;
  body: T | null;
  ms: number;
  /** The start of a non-2xx body, or the network error. */
  problem?: string;
}

const TIMEOUT_MS = 120_000;

export async function callJson<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer<T>> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    const ms = elapsed();
    let parsed: T | null = null;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      // Kept as the problem below when the status says something went wrong.
    }
    const ok = res.status >= 200 && res.status < 300;
    return { status: res.status, body: parsed, ms, ...(ok ? {} : { problem: text.slice(0, 300) }) };
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    return { status: 0, body: null, ms: elapsed(), problem: String(cause ?? err) };
  }
}

/** Counts answers by status; keeps the first few problems of each status. */
export class Tally {
  requests = 0;
  non2xx = 0;
  readonly byStatus = new Map<number, number>();
  readonly examples: string[] = [];

  add(answer: Answer<unknown>, what: string): void {
    this.requests++;
    this.byStatus.set(answer.status, (this.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) return;
    this.non2xx++;
    if (this.examples.length < 5) this.examples.push(`${what}: ${answer.status} ${answer.problem ?? ''}`);
  }

  /** '200×812, 503×4'. */
  statuses(): string {
    return [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status === 0 ? 'sin respuesta' : status}×${n}`)
      .join(', ');
  }
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

export const latencyOf = (values: readonly number[]): Latency => ({
  p50: percentile(values, 0.5),
  p95: percentile(values, 0.95),
  p99: percentile(values, 0.99),
  max: values.length ? Math.max(...values) : Number.NaN,
  n: values.length,
});

/** `work` on every item, at most `concurrency` at a time, in order of the items. */
export async function runBounded<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** `connections` loops calling `request` one after another until `durationMs` has passed or it answers null. */
export async function runClosedLoop(
  connections: number,
  durationMs: number,
  request: (connection: number, index: number) => Promise<Answer<unknown>> | null,
  tally: Tally,
  what: string,
): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let i = 0; performance.now() - started < durationMs; i++) {
        const pending = request(connection, i);
        if (!pending) return;
        const answer = await pending;
        tally.add(answer, what);
        latencies.push(answer.ms);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
