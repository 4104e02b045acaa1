import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardResume } from '../../../shared/dashboard/types';
import { apiGet, errorMessage } from '../../session/api-client';

interface ResumeState {
  data: DashboardResume | null;
  error: string | null;
  loading: boolean;
}

/**
 * GET /api/dashboard-resume with loading, error and a retry. Previous figures stay on screen while a retry
 * runs. (Online only for now: the sync engine will later feed the dashboard from IndexedDB, DESIGN §2.)
 */
export function useDashboardResume() {
  const [state, setState] = useState<ResumeState>({ data: null, error: null, loading: true });
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((s) => ({ data: s.data, error: null, loading: true }));
    apiGet<DashboardResume>('dashboard-resume', undefined, { signal: controller.signal }).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((s) => ({ data: s.data, error: errorMessage(error), loading: false }));
      },
    );
  }, []);

  useEffect(() => {
    load();
    return () => controllerRef.current?.abort();
  }, [load]);

  return { ...state, reload: load };
}
