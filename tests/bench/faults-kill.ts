// Faults bench, scenario 2: the API process killed (SIGKILL) in the middle of one device's 500-edit push,
// once the database shows part of it committed. The device got no answer, so, as the app does with its pending
// entries, it sends the same 500 mutations (same ids, same receipts) to the restarted server: each must be in
// the books exactly once, the committed part answered as replays.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/connect';
import type { PushResponse } from '../../shared/sync/types';
import { type Device, editsFor, type OnceCheck, type TargetPool, verifyOnce } from './faults-data';
import { callJson, sleep } from './faults-http';
import { type Api, errorLines, startApi } from './faults-servers';

export interface KillOptions {
  db: Db;
  databaseUrl: string;
  jwtSecret: string;
  accountId: number;
  token: string;
  pool: TargetPool;
  edits: number;
}

export interface KillResult {
  edits: number;
  /** Milliseconds from sending the push to the SIGKILL. */
  killAfterMs: number;
  /** The device's last id the database had committed when the process died. */
  committedAtKill: number;
  /** What the device saw: 'sin respuesta' expected; a status if the answer beat the kill. */
  firstAnswer: string;
  /** Spawn of the new process to its first /api/health 200. */
  restartMs: number;
  resendStatus: number;
  resendMs: number;
  resendApplied: number;
  resendReplayed: number;
  resendLastId: number;
  once: OnceCheck;
  serverErrors: string[];
}

async function lastId(db: Db, clientId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`select last_mutation_id as n from sync_clients
    where client_id = ${clientId}`;
  return row?.n ?? 0;
}

/** Returns the restarted server, which replaces `server` for the rest of the bench. */
export async function runKillMidPush(
  o: KillOptions,
  server: Api,
  log: (line: string) => void,
): Promise<{ result: KillResult; server: Api }> {
  const device: Device = { clientId: randomUUID(), mutations: editsFor(o.pool.take(o.edits)) };
  log(`[fallos] 2: push de ${o.edits} cambios y SIGKILL del servidor a mitad…`);
  const sent = performance.now();
  let answered = false;
  const first = callJson<PushResponse>(server.url, 'POST', 'sync/push', o.token, {
    clientId: device.clientId,
    mutations: device.mutations,
  }).finally(() => {
    answered = true;
  });
  // Killed as soon as part of the push is committed (or after 20 s, whatever has happened by then).
  while (!answered && performance.now() - sent < 20_000 && (await lastId(o.db, device.clientId)) === 0)
    await sleep(2);
  server.child.kill('SIGKILL');
  const killAfterMs = Math.round(performance.now() - sent);
  const answer = await first;
  await server.stop();
  const committedAtKill = await lastId(o.db, device.clientId);
  log(`[fallos] 2: SIGKILL a los ${killAfterMs} ms, ${committedAtKill}/${o.edits} confirmados; reiniciando…`);

  const restarted = await startApi(o.databaseUrl, o.jwtSecret);
  const resend = await callJson<PushResponse>(restarted.url, 'POST', 'sync/push', o.token, {
    clientId: device.clientId,
    mutations: device.mutations,
  });
  const results = resend.body?.results ?? [];
  return {
    server: restarted,
    result: {
      edits: o.edits,
      killAfterMs,
      committedAtKill,
      firstAnswer: answer.status === 0 ? 'sin respuesta' : `${answer.status} (antes del SIGKILL)`,
      restartMs: restarted.readyMs,
      resendStatus: resend.status,
      resendMs: resend.ms,
      resendApplied: results.filter((r) => r.status === 'applied' || r.status === 'conflict').length,
      resendReplayed: results.filter((r) => r.status === 'skipped').length,
      resendLastId: resend.body?.lastMutationId ?? -1,
      once: await verifyOnce(o.db, o.accountId, [device]),
      serverErrors: errorLines(restarted),
    },
  };
}
