import { useCallback, useEffect, useRef, useState } from 'react';
import type { Loan, Pagination } from '../../../shared/loans/types';
import { apiGet, errorMessage } from '../../session/api-client';

const SERVER_PAGE = 5000;

interface ServerHistoryState {
  /** The municipality (or 'all') the loans answer. */
  key: string | null;
  loans: Loan[] | null;
  error: string | null;
  loading: boolean;
}

/**
 * GET /api/loan-history for the municipality, every page: the older loans the device does not keep (DESIGN
 * §4: older history is read online). `enabled` false (option off, or offline) makes no call.
 */
export function useServerHistory(enabled: boolean, municipalityId: number | null) {
  const key = enabled ? String(municipalityId ?? 'all') : null;
  const [state, setState] = useState<ServerHistoryState>({
    key: null,
    loans: null,
    error: null,
    loading: false,
  });
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    if (key === null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((s) => ({ ...s, error: null, loading: true }));
    (async () => {
      const loans: Loan[] = [];
      for (let page = 1; ; page++) {
        const res = await apiGet<{ data: Loan[]; pagination: Pagination }>(
          'loan-history',
          { municipalityId, page, limit: SERVER_PAGE },
          { signal: controller.signal },
        );
        loans.push(...res.data);
        if (!res.pagination.has_next_page) return loans;
      }
    })().then(
      (loans) => setState({ key, loans, error: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((s) => ({ ...s, error: errorMessage(error), loading: false }));
      },
    );
  }, [key, municipalityId]);

  useEffect(() => {
    load();
    return () => controllerRef.current?.abort();
  }, [load]);

  const current = key !== null && state.key === key;
  return {
    loans: current ? state.loans : null,
    error: key === null ? null : state.error,
    loading: key !== null && (state.loading || (!current && state.error === null)),
    reload: load,
  };
}
