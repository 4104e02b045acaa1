import type { LoginInput } from '../../shared/auth/schemas';
import type { SessionUser } from '../../shared/auth/types';
import { mensajes } from '../../shared/messages';
import { requestPersistentStorage } from '../pwa/persist-storage';
import { ApiError, isOfflineError } from './api-error';
import { requestLogin, requestLogout } from './auth-api';
import { clearLastResults } from './last-result';
import { keepTokensForOffline, rememberOfflineLogin, verifyOfflineLogin } from './offline-login';
import { clearSession, getSession, saveSession } from './session-store';

/** What an offline session carries when the phone kept no tokens: the first call online asks to sign in. */
const NO_TOKEN = 'sin-conexion';

/**
 * Signs in and keeps the session; throws ApiError with the server's Spanish message on failure. Without
 * signal, the last user who signed in online on this phone signs in against the verifier it keeps.
 */
export async function signIn(input: LoginInput): Promise<SessionUser> {
  let answer: Awaited<ReturnType<typeof requestLogin>>;
  try {
    answer = await requestLogin(input);
  } catch (error) {
    if (isOfflineError(error) || (typeof navigator !== 'undefined' && !navigator.onLine))
      return signInOffline(input);
    throw error;
  }
  const { token, refreshToken, user } = answer;
  saveSession({ user, token, refreshToken });
  // Ask the browser not to evict IndexedDB (pending payments live there); harmless when refused.
  void requestPersistentStorage();
  void rememberOfflineLogin(input.email, input.password, user).catch(() => {});
  return user;
}

async function signInOffline(input: LoginInput): Promise<SessionUser> {
  const check = await verifyOfflineLogin(input.email, input.password);
  if (!check.ok)
    throw new ApiError(
      check.reason === 'contrasena' ? mensajes.credencialesInvalidas : mensajes.soloUltimoUsuario,
      {
        code: 'OFFLINE',
      },
    );
  saveSession({
    user: check.user,
    token: check.tokens?.token ?? NO_TOKEN,
    refreshToken: check.tokens?.refreshToken ?? NO_TOKEN,
  });
  // The kept tokens are the session's again: they are not kept twice.
  keepTokensForOffline(check.user.id, null);
  return check.user;
}

/**
 * Revokes the refresh token on the server (best effort: offline it fails at once, a slow server is given up
 * after a few seconds), then clears the session and the reports' offline copies. Local data and the outbox
 * are kept (docs/sincronizacion.md).
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    const revoked =
      session.refreshToken !== NO_TOKEN && (await requestLogout(session.refreshToken, session.token));
    // Not revoked (no signal): the same user may sign back in offline and resume this session.
    keepTokensForOffline(
      session.user.id,
      revoked || session.refreshToken === NO_TOKEN
        ? null
        : { token: session.token, refreshToken: session.refreshToken },
    );
  }
  clearLastResults();
  clearSession('signedOut');
}
