import type { RefreshResponse } from '../../shared/auth/types';
import { mensajes } from '../../shared/messages';
import { ApiError } from './api-error';
import { apiUrl, readError, readJson, sendRequest } from './http';
import { clearSession, getSession, rereadSession, saveTokens } from './session-store';

// One refresh at a time in this tab: concurrent 401s share this promise and retry with its token.
let inFlight: Promise<string> | null = null;

/** Clears the session; listeners see 'expired' only when someone was signed in (so it can be announced). */
function expire(hadSession: boolean): ApiError {
  clearSession(hadSession ? 'expired' : 'signedOut');
  return new ApiError(mensajes.sesionExpirada, { status: 401, code: 'SESSION_EXPIRED' });
}

/**
 * Refresh tokens rotate and reusing a rotated one revokes the whole family (DESIGN §3), so two tabs must
 * not refresh with the same token. Web Locks serialise refreshes across tabs where the browser has them.
 */
function withCrossTabLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('prestamos:token-refresh', run) : run();
}

async function runRefresh(staleToken: string | null): Promise<string> {
  // Re-read storage: another tab may have refreshed while this one waited for the lock.
  const session = rereadSession();
  if (session && staleToken !== null && session.token !== staleToken) return session.token;
  if (!session?.refreshToken) throw expire(session !== null);

  const res = await sendRequest('POST', apiUrl('refresh-token'), {
    body: { refreshToken: session.refreshToken },
  });
  // 401/400/403: the refresh token is invalid, revoked or missing. A 429 or a 5xx is transient: keep the
  // session (and the offline work) and let the caller show the error.
  if (res.status === 401 || res.status === 400 || res.status === 403) throw expire(true);
  if (!res.ok) throw await readError(res);
  const body = await readJson<Partial<RefreshResponse> | undefined>(res).catch(() => undefined);
  if (!body?.access_token || !body.refresh_token) throw expire(true);
  saveTokens(body.access_token, body.refresh_token, body.user);
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
    inFlight = withCrossTabLock(() => runRefresh(staleToken)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
