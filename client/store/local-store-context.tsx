import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useSession } from '../session/use-session';
import { userCan } from '../session/user-can';
import { checkDeviceStorage } from './device-marker';
import { type LocalStore, localStoreFor } from './local-store';

const LocalStoreContext = createContext<LocalStore | null>(null);

/** Opens the signed-in user's store and keeps its sync engine running while the app shell is mounted. */
export function LocalStoreProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const canSync = userCan(user, 'PRESTAMOS_VER');
  const store = useMemo(() => (userId === null ? null : localStoreFor(userId, canSync)), [userId, canSync]);

  useEffect(() => {
    if (!store) return;
    let stopped = false;
    // Before the first sync writes a new device id: a store the browser emptied is recognised by the id it lost.
    void checkDeviceStorage(store.db, store.userId)
      .catch(() => null)
      .then(() => {
        if (!stopped) store.engine?.start();
      });
    return () => {
      stopped = true;
      store.engine?.stop();
    };
  }, [store]);

  return <LocalStoreContext value={store}>{children}</LocalStoreContext>;
}

/** The store, or null while no one is signed in (for pieces of the shell itself, such as a sign-out). */
export const useOptionalLocalStore = (): LocalStore | null => useContext(LocalStoreContext);

/** The signed-in user's store; only screens inside the app shell (behind the login) may ask for it. */
export function useLocalStore(): LocalStore {
  const store = useContext(LocalStoreContext);
  if (!store) throw new Error('useLocalStore fuera de LocalStoreProvider');
  return store;
}
