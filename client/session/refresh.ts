import type { RefreshResponse } from '../../shared/auth/types';
import { mensajes } from '../../shared/messages';
import { ApiError } from './api-error';
import { apiUrl, readError, readJson, sendRequest } from './http';
import {
  clearSession,
  getSession,
  mirrorSession,
  readMirror,
  rereadSession,
  saveTokens,
} from './session-store';
import { isExpired, newerMirror, withTokenLock } from './token-lock';

// One refresh at a time in this tab: concurrent 401s share this promise and retry with its token.
let inFlight: Promise<string> | null = null;

/** Clears the session; listeners see 'expired' only when someone was signed in (so it can be announced). */
function expire(hadSession: boolean): ApiError {
  clearSession(hadSession ? 'expired' : 'signedOut');
  return new ApiError(mensajes.sesionExpirada, { status: 401, code: 'SESSION_EXPIRED' });
}

/** The mirror's copy must be written before the lock is released (the service worker reads it next). */
async function keepTokens(
  token: string,
  refreshToken: string,
  user?: RefreshResponse['user'],
): Promise<void> {
  saveTokens(token, refreshToken, user);
  const saved = getSession();
  // A mirror that cannot be written must not keep the spent pair for the worker to reuse.
  await mirrorSession(saved).catch(() => mirrorSession(null).catch(() => {}));
}

/**
 * Refresh tokens rotate and reusing a rotated one revokes the whole family (docs/arquitectura.md), so two tabs, or a tab
 * and the service worker, must not refresh with the same token: Web Locks serialise them.
 */
async function runRefresh(staleToken: string | null): Promise<string> {
  // Re-read storage: another tab may have refreshed while this one waited for the lock.
  let session = rereadSession();
  if (session && staleToken !== null && session.token !== staleToken) return session.token;
  if (!session?.refreshToken) throw expire(session !== null);
  // The service worker may have rotated the pair while no page was open (Background Sync): this page's
  // refresh token is spent, so adopt the worker's pair, and refresh with it only if its token expired too.
  const rotated = newerMirror(session, await readMirror().catch(() => null));
  if (rotated) {
    saveTokens(rotated.token, rotated.refreshToken, rotated.user);
    if (!isExpired(rotated.token)) return rotated.token;
    session = rotated;
  }

  const res = await sendRequest('POST', apiUrl('refresh-token'), {
    body: { refreshToken: session.refreshToken },
  });
  // 401/400/403: the refresh token is invalid, revoked or missing. A 429 or a 5xx is transient: keep the
  // session (and the offline work) and let the caller show the error.
  if (res.status === 401 || res.status === 400 || res.status === 403) throw expire(true);
  if (!res.ok) throw await readError(res);
  const body = await readJson<Partial<RefreshResponse> | undefined>(res).catch(() => undefined);
  if (!body?.access_token || !body.refresh_token) throw expire(true);
  await keepTokens(body.access_token, body.refresh_token, body.user);
  return body.access_token;
}

/**
 * A valid access token to replace `staleToken` (the one a request was rejected with). If the session already
 * holds a newer token, that one is returned without a call; otherwise one refresh runs and every caller waits
 * for it. Throws ApiError SESSION_EXPIRED after clearing the session, or OFFLINE without touching it.
 */
export function refreshAccessToken(staleToken: string | null): Promise<string> {
  const current = getSession();
  if (current && staleToken !== null && current.token !== staleToken) return Promise.resolve(current.token);
  if (!inFlight) {
    inFlight = withTokenLock(() => runRefresh(staleToken)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/**
 * At start: adopts a pair the service worker rotated while the app was closed, or gives the worker the
 * session when the mirror lacks it (a session saved before the mirror existed, or a mirror the browser lost).
 */
export function reconcileSessionMirror(): Promise<void> {
  return withTokenLock(async () => {
    const session = rereadSession();
    if (!session) return;
    const mirror = await readMirror();
    const rotated = newerMirror(session, mirror);
    if (rotated) saveTokens(rotated.token, rotated.refreshToken, rotated.user);
    else if (!mirror || mirror.refreshToken !== session.refreshToken || mirror.token !== session.token)
      await mirrorSession(session);
  }).catch(() => {});
}
