import type { SessionUser } from '../../shared/auth/types';
import type { MirroredSession } from './token-lock';

/** docs/producto.md §3: the session lives in localStorage under exactly these keys. */
export const SESSION_KEYS = {
  user: 'currentUser',
  token: 'jwtToken',
  refreshToken: 'refreshToken',
} as const;

/** The mirror for the service worker (decision 006), loaded on first use: Dexie stays out of the login page. */
export const mirrorSession = (session: MirroredSession | null): Promise<void> =>
  import('./session-mirror').then((mirror) => mirror.writeMirroredSession(session));

export const readMirror = (): Promise<MirroredSession | null> =>
  import('./session-mirror').then((mirror) => mirror.readMirroredSession());

export interface StoredSession {
  user: SessionUser;
  token: string;
  refreshToken: string;
}

/** Why the session changed: listeners react differently to a logout, an expiry or a token rotation. */
export type SessionChange = 'signedIn' | 'refreshed' | 'signedOut' | 'expired' | 'external';

type Listener = (change: SessionChange) => void;

const listeners = new Set<Listener>();
let cached: StoredSession | null | undefined;
let lastChange: SessionChange | null = null;

// localStorage can be missing (private modes, tests) or throw (quota, disabled storage): treat as signed out.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parseUser(text: string): SessionUser | null {
  try {
    const user = JSON.parse(text) as Partial<SessionUser> | null;
    if (!user || typeof user !== 'object' || typeof user.id !== 'number') return null;
    return { ...user, permissions: Array.isArray(user.permissions) ? user.permissions : [] } as SessionUser;
  } catch {
    return null;
  }
}

/** docs/producto.md §4: restored only if user, token and refresh token are all present (and the user is readable). */
function read(): StoredSession | null {
  const s = storage();
  if (!s) return null;
  const userText = s.getItem(SESSION_KEYS.user);
  const token = s.getItem(SESSION_KEYS.token);
  const refreshToken = s.getItem(SESSION_KEYS.refreshToken);
  if (!userText || !token || !refreshToken) return null;
  const user = parseUser(userText);
  return user ? { user, token, refreshToken } : null;
}

/** The current session; the same object until it changes (useSyncExternalStore needs a stable snapshot). */
export function getSession(): StoredSession | null {
  if (cached === undefined) cached = read();
  return cached;
}

function notify(change: SessionChange): void {
  cached = undefined;
  lastChange = change;
  for (const listener of listeners) listener(change);
}

const sameSession = (a: StoredSession | null, b: StoredSession | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.token === b.token &&
    a.refreshToken === b.refreshToken &&
    JSON.stringify(a.user) === JSON.stringify(b.user));

/** Reads storage again (another tab may have rotated the tokens) and tells listeners if it changed. */
export function rereadSession(): StoredSession | null {
  const before = cached;
  const fresh = read();
  if (before === undefined || sameSession(before, fresh)) {
    cached = before ?? fresh;
    return cached;
  }
  notify('external');
  return getSession();
}

/** The last reason the session changed (null before any change): a logout does not remember the page. */
export const lastSessionChange = (): SessionChange | null => lastChange;

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function saveSession(session: StoredSession): void {
  const s = storage();
  s?.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  s?.setItem(SESSION_KEYS.token, session.token);
  s?.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  // A new family: no worker can hold a newer pair, so the write need not be awaited.
  void mirrorSession(session).catch(() => {});
  notify('signedIn');
}

/** After a refresh: new tokens, and the user when the server sent a fresher one (the caller mirrors them). */
export function saveTokens(token: string, refreshToken: string, user?: SessionUser): void {
  const s = storage();
  s?.setItem(SESSION_KEYS.token, token);
  s?.setItem(SESSION_KEYS.refreshToken, refreshToken);
  if (user) s?.setItem(SESSION_KEYS.user, JSON.stringify(user));
  notify('refreshed');
}

/**
 * Removes the three session keys and nothing else: local data and the outbox stay, so pending payments
 * are pushed after the same user signs in again (docs/sincronizacion.md, offline auth).
 */
export function clearSession(change: 'signedOut' | 'expired'): void {
  const s = storage();
  s?.removeItem(SESSION_KEYS.user);
  s?.removeItem(SESSION_KEYS.token);
  s?.removeItem(SESSION_KEYS.refreshToken);
  void mirrorSession(null).catch(() => {});
  notify(change);
}

/** Another tab signed in, out or rotated the tokens: re-read instead of trusting the cached copy. */
export function sessionChangedElsewhere(): void {
  notify('external');
}

export const isSessionKey = (key: string | null): boolean =>
  key === null || Object.values(SESSION_KEYS).some((k) => k === key);
