// Rules shared by pages and the service worker for rotating tokens (decision 006). Pages and the worker change
// tokens only under the 'prestamos:token-refresh' lock and always write the session mirror before releasing
// it, so inside that lock the mirror holds the newest pair. No storage here: pure rules and the lock.
import type { SessionUser } from '../../shared/auth/types';

export interface MirroredSession {
  user: SessionUser;
  token: string;
  refreshToken: string;
}

export const TOKEN_REFRESH_LOCK = 'prestamos:token-refresh';

/** A JWT's time claim (seconds), read without verifying: only to order tokens and skip a spent one. */
function timeClaim(token: string, claim: 'iat' | 'exp'): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const value = (JSON.parse(json) as Record<string, unknown>)[claim];
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}

export const issuedAt = (token: string) => timeClaim(token, 'iat');

/** Expired, or about to be within the margin a request needs to reach the server. */
export const isExpired = (token: string, now = Date.now(), marginMs = 10_000) =>
  timeClaim(token, 'exp') * 1000 <= now + marginMs;

/**
 * The mirror's pair when the worker rotated the tokens after this page last saw them (same user, a different
 * refresh token, an access token no older): the page must adopt it, since its own refresh token was spent.
 */
export function newerMirror(
  local: MirroredSession | null,
  mirror: MirroredSession | null,
): MirroredSession | null {
  if (!local || !mirror || mirror.user.id !== local.user.id) return null;
  if (mirror.refreshToken === local.refreshToken) return null;
  return issuedAt(mirror.token) >= issuedAt(local.token) ? mirror : null;
}

/** Holds the cross-context token lock where the runtime has Web Locks (pages and workers alike). */
export function withTokenLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(TOKEN_REFRESH_LOCK, run) : run();
}
