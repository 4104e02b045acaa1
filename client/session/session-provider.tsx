import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { mensajes } from '../../shared/messages';
import { reconcileSessionMirror } from './refresh';
import { signIn, signOut } from './session-actions';
import { SessionContext, type SessionValue } from './session-context';
import { getSession, isSessionKey, sessionChangedElsewhere, subscribeSession } from './session-store';

/**
 * Exposes the session kept in localStorage. It is read synchronously at start (docs/producto.md §4: restored from
 * storage, no network needed), so a signed-in user opening the app offline goes straight to their screen.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);

  useEffect(() => {
    void reconcileSessionMirror();
  }, []);

  useEffect(() => {
    // Another tab signed in, out, or rotated the tokens.
    const onStorage = (event: StorageEvent) => {
      if (isSessionKey(event.key)) sessionChangedElsewhere();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(
    () =>
      subscribeSession((change) => {
        // Loaded on use: the toast store (Zag's toast machine) stays off the login screen's first load.
        if (change === 'expired')
          void import('../ui/toaster').then((m) => m.toastError(mensajes.sesionExpirada));
      }),
    [],
  );

  const user = session?.user ?? null;
  const value = useMemo<SessionValue>(() => ({ user, signIn, signOut }), [user]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
