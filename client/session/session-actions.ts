import type { LoginInput } from '../../shared/auth/schemas';
import type { SessionUser } from '../../shared/auth/types';
import { requestPersistentStorage } from '../pwa/persist-storage';
import { requestLogin, requestLogout } from './auth-api';
import { clearLastResults } from './last-result';
import { clearSession, getSession, saveSession } from './session-store';

/** Signs in and keeps the session; throws ApiError with the server's Spanish message on failure. */
export async function signIn(input: LoginInput): Promise<SessionUser> {
  const { token, refreshToken, user } = await requestLogin(input);
  saveSession({ user, token, refreshToken });
  // Ask the browser not to evict IndexedDB (pending payments live there); harmless when refused.
  void requestPersistentStorage();
  return user;
}

/**
 * Revokes the refresh token on the server (best effort: offline it fails at once, a slow server is given up
 * after a few seconds), then clears the session and the reports' offline copies. Local data and the outbox
 * are kept (DESIGN §4).
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) await requestLogout(session.refreshToken, session.token);
  clearLastResults();
  clearSession('signedOut');
}
