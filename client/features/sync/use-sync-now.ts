import { useCallback } from 'react';
import { useLocalStore } from '../../store/local-store-context';

/** 'Sincronizar ahora': runs the engine now (or joins the run going on). Null engine: nothing to sync. */
export function useSyncNow() {
  const { engine } = useLocalStore();
  const syncNow = useCallback(() => {
    void engine?.runNow();
  }, [engine]);
  return { syncNow, available: engine !== null };
}
