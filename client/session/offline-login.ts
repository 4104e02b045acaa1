// Signing back in with no signal (decision 010): the last user who signed in online on this phone may sign in
// again offline. The phone keeps a verifier — a PBKDF2-SHA256 hash of the password with a random salt and
// 600,000 iterations (WebCrypto) — never the password. It is replaced at every online sign-in, so another
// user's sign-in removes the previous one's. A sign-out without signal could not revoke the refresh token:
// the tokens are kept with the verifier, so the same user's session resumes and the phone's entries push when
// the signal returns.
import type { SessionUser } from '../../shared/auth/types';

export const OFFLINE_LOGIN_KEY = 'offlineLogin';
export const PBKDF2_ITERATIONS = 600_000;

interface Tokens {
  token: string;
  refreshToken: string;
}

interface OfflineLogin {
  email: string;
  salt: string;
  iterations: number;
  hash: string;
  user: SessionUser;
  /** The session's tokens, kept only when a sign-out without signal could not revoke them. */
  tokens?: Tokens;
}

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return b64(bits);
}

function read(): OfflineLogin | null {
  try {
    const raw = localStorage.getItem(OFFLINE_LOGIN_KEY);
    const parsed = raw ? (JSON.parse(raw) as OfflineLogin) : null;
    return parsed && typeof parsed.hash === 'string' && typeof parsed.user?.id === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

function write(record: OfflineLogin | null): void {
  try {
    if (record) localStorage.setItem(OFFLINE_LOGIN_KEY, JSON.stringify(record));
    else localStorage.removeItem(OFFLINE_LOGIN_KEY);
  } catch {
    // Storage full or blocked: only the offline sign-in is lost, never the session or the outbox.
  }
}

const normal = (email: string) => email.trim().toLowerCase();

/** After an online sign-in: this user's verifier replaces whatever the phone kept (another user's too). */
export async function rememberOfflineLogin(
  email: string,
  password: string,
  user: SessionUser,
): Promise<void> {
  write(null);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  write({ email: normal(email), salt: b64(salt), iterations: PBKDF2_ITERATIONS, hash, user });
}

/** At sign-out: keep the tokens beside the verifier only when the server could not revoke them. */
export function keepTokensForOffline(userId: number, tokens: Tokens | null): void {
  const record = read();
  if (!record || record.user.id !== userId) return;
  const { tokens: _old, ...rest } = record;
  write(tokens ? { ...rest, tokens } : rest);
}

/** Whether this phone can sign `email` in without signal. */
export const canSignInOffline = (email: string): boolean => read()?.email === normal(email);

export type OfflineSignIn =
  | { ok: true; user: SessionUser; tokens: Tokens | null }
  | { ok: false; reason: 'otro-usuario' | 'contrasena' };

/** Checks the password against the verifier (constant work: PBKDF2 runs whatever the email). */
export async function verifyOfflineLogin(email: string, password: string): Promise<OfflineSignIn> {
  const record = read();
  if (!record) return { ok: false, reason: 'otro-usuario' };
  const hash = await derive(password, unb64(record.salt), record.iterations);
  if (record.email !== normal(email)) return { ok: false, reason: 'otro-usuario' };
  if (hash !== record.hash) return { ok: false, reason: 'contrasena' };
  return { ok: true, user: record.user, tokens: record.tokens ?? null };
}
