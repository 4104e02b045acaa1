import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardResume } from '../../../shared/dashboard/types';
import { apiGet, errorMessage, isOfflineError } from '../../session/api-client';
import { useLocalResume } from './use-local-resume';

interface ResumeState {
  data: DashboardResume | null;
  error: string | null;
  loading: boolean;
  /** The server could not be reached: the figures come from the device. */
  unreachable: boolean;
}

export type ResumeSource = { kind: 'server' } | { kind: 'device'; asOf: string | null };

/**
 * GET /api/dashboard-resume with loading, error and a retry; previous figures stay on screen while a retry
 * runs. When the server cannot be reached the dashboard is computed from the device's store (docs/arquitectura.md),
 * with the time of the last sync so the user knows how old it is.
 */
export function useDashboardResume() {
  const [state, setState] = useState<ResumeState>({
    data: null,
    error: null,
    loading: true,
    unreachable: false,
  });
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((s) => ({ ...s, error: null, loading: true }));
    apiGet<DashboardResume>('dashboard-resume', undefined, { signal: controller.signal }).then(
      (data) => setState({ data, error: null, loading: false, unreachable: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isOfflineError(error))
          setState((s) => ({ ...s, error: null, loading: false, unreachable: true }));
        else setState((s) => ({ ...s, error: errorMessage(error), loading: false }));
      },
    );
  }, []);

  useEffect(() => {
    load();
    window.addEventListener('online', load);
    return () => {
      window.removeEventListener('online', load);
      controllerRef.current?.abort();
    };
  }, [load]);

  const local = useLocalResume(state.unreachable);
  if (state.unreachable) {
    return {
      data: local && !local.empty ? local.resume : null,
      error: local?.empty ? 'Sin conexión y sin datos en este dispositivo: conéctese para sincronizar' : null,
      loading: local === undefined,
      reload: load,
      source: { kind: 'device', asOf: local?.asOf ?? null } as ResumeSource,
    };
  }
  return { ...state, reload: load, source: { kind: 'server' } as ResumeSource };
}
