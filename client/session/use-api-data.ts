import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, errorMessage } from './api-client';
import { apiUrl, type Query } from './http';

interface ApiDataState<T> {
  data: T | null;
  /** The request `data` answers, so a list fetched for other parameters is never shown as this one's. */
  key: string | null;
  error: string | null;
  loading: boolean;
}

/**
 * GET `/api/<path>` for an online-only office screen (docs/arquitectura.md): data, loading, the Spanish error and a
 * reload. A reload keeps the current data on screen; new parameters drop it. `path` null waits (no call).
 */
export function useApiData<T>(path: string | null, query?: Query) {
  const key = path === null ? null : apiUrl(path, query);
  const [state, setState] = useState<ApiDataState<T>>({
    data: null,
    key: null,
    error: null,
    loading: path !== null,
  });
  const controllerRef = useRef<AbortController | null>(null);
  // The latest path and query, read by `load` without making it change on every render.
  const requestRef = useRef({ path, query });
  requestRef.current = { path, query };

  /** Resolves with the Spanish error when the request failed, null otherwise (a save reports a failed reload). */
  const load = useCallback((): Promise<string | null> => {
    controllerRef.current?.abort();
    const { path: current, query: params } = requestRef.current;
    if (current === null) {
      setState({ data: null, key: null, error: null, loading: false });
      return Promise.resolve(null);
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((s) => ({ ...s, error: null, loading: true }));
    return apiGet<T>(current, params, { signal: controller.signal }).then(
      (data) => {
        setState({ data, key, error: null, loading: false });
        return null;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return null;
        const message = errorMessage(error);
        setState((s) => ({ ...s, error: message, loading: false }));
        return message;
      },
    );
  }, [key]);

  useEffect(() => {
    load();
    return () => controllerRef.current?.abort();
  }, [load]);

  return {
    data: state.key === key ? state.data : null,
    error: state.error,
    // Between new parameters and their request starting, it is loading too (no empty-state flash).
    loading: state.loading || (key !== null && state.key !== key && state.error === null),
    reload: load,
  };
}
