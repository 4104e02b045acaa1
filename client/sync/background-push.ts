// What the service worker runs on a Background Sync event (docs/sincronizacion.md): the outbox goes out when the signal
// returns even if no page of the app is open. Push only, through the same pushOutbox a page runs; the next
// page start pulls. Tokens come from the session mirror, since a worker cannot read localStorage.
import { Dexie } from 'dexie';
import type { RefreshResponse } from '../../shared/auth/types';
import { apiUrl, readError, readJson, sendRequest } from '../session/http';
import { readMirroredSession, writeMirroredSession } from '../session/session-mirror';
import { isExpired, withTokenLock } from '../session/token-lock';
import { LocalDb, localDbName } from '../store/database';
import { ensureClientId } from '../store/meta';
import { pushOutbox, type SyncTransport } from './run';
import { postWithToken } from './transport';

export const OUTBOX_SYNC_TAG = 'prestamos-outbox';

/** The lock one sync run holds per user: pages' engines and the worker never push the same outbox at once. */
export const syncLockName = (userId: number) => `prestamos-sync-u${userId}`;

export type BackgroundPushOutcome =
  /** No session to push with (signed out, or its refresh token was refused): the next sign-in pushes. */
  | 'sin-sesion'
  | 'sin-pendientes'
  /** A page's engine holds this user's sync lock: it pushes. */
  | 'ocupado'
  | 'enviado';

class SpentSession extends Error {}

/** The mirror's access token; refreshed under the token lock when it expired or the server refused it. */
function freshToken(refused: string | null): Promise<string> {
  return withTokenLock(async () => {
    const mirror = await readMirroredSession();
    if (!mirror) throw new SpentSession();
    if (mirror.token !== refused && !isExpired(mirror.token)) return mirror.token;
    const res = await sendRequest('POST', apiUrl('refresh-token'), {
      body: { refreshToken: mirror.refreshToken },
    });
    if (res.status === 401 || res.status === 400 || res.status === 403) throw new SpentSession();
    if (!res.ok) throw await readError(res);
    const body = await readJson<Partial<RefreshResponse> | undefined>(res).catch(() => undefined);
    if (!body?.access_token || !body.refresh_token) throw new SpentSession();
    // Written before the lock is released: a page that refreshes next adopts this pair (refresh.ts).
    await writeMirroredSession({
      user: body.user ?? mirror.user,
      token: body.access_token,
      refreshToken: body.refresh_token,
    });
    return body.access_token;
  });
}

function workerTransport(): SyncTransport {
  const post = postWithToken(freshToken);
  return {
    push: (request) => post('sync/push', request),
    pull: () => Promise.reject(new Error('Background Sync solo envía')),
  };
}

/**
 * Pushes the signed-in user's pending entries. A network failure rejects, so the browser retries the sync
 * event later; nothing is ever dropped from the outbox here.
 */
export async function pushFromBackground(now: () => Date = () => new Date()): Promise<BackgroundPushOutcome> {
  const session = await readMirroredSession();
  if (!session) return 'sin-sesion';
  const name = localDbName(session.user.id);
  if (!(await Dexie.exists(name))) return 'sin-pendientes';
  const db = new LocalDb(name);
  try {
    const run = async (): Promise<BackgroundPushOutcome> => {
      if ((await db.outbox.where('status').equals('pending').count()) === 0) return 'sin-pendientes';
      await pushOutbox(db, workerTransport(), await ensureClientId(db), { now });
      return 'enviado';
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return await run();
    return await locks.request(syncLockName(session.user.id), { ifAvailable: true }, (lock) =>
      lock ? run() : ('ocupado' as const),
    );
  } catch (error) {
    if (error instanceof SpentSession) return 'sin-sesion';
    throw error;
  } finally {
    db.close();
  }
}
