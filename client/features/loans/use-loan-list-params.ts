import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { afterPaint } from '../../ui/after-paint';
import {
  EMPTY_FILTERS,
  type LoanFilters,
  parseLoanFilters,
  parsePage,
  writeLoanFilters,
} from './loan-filters';

export type LoanListSource = 'device' | 'server';

/** Set on the history entry that opened the modal, so closing it goes back (and Back closes it). */
interface ModalState {
  loanModal?: boolean;
}

/** The filters written over `current`, back on the first page. */
function withFilters(current: URLSearchParams, filters: LoanFilters): URLSearchParams {
  const next = writeLoanFilters(current, filters);
  next.delete('page');
  return next;
}

const positiveId = (text: string | null) => (text && /^\d{1,15}$/.test(text) ? Number(text) : null);

/**
 * The list's state in the URL (reload and Back keep it): filters, page, source ('?source=server') and the open
 * loan ('?loan=<id>'). Filter and page changes replace the entry; opening a loan pushes one.
 */
export function useLoanListParams() {
  const [urlParams, setParams] = useSearchParams();
  // A filter or page change shows from this page's own state in the frame of the input; the address follows
  // after that frame is painted. Through the router first, every screen reading the location (menu, header)
  // would render before the list could, past the 50 ms a filter change may take (decision 013).
  const [shown, setShown] = useState<URLSearchParams | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const params = shown ?? urlParams;
  useEffect(() => {
    if (!shown) return;
    let current = true;
    void afterPaint().then(() => {
      if (current) setParams(shown, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [shown, setParams]);
  // Once the address has caught up, it is what the page shows again (a newer change keeps its own state).
  useEffect(() => setShown((s) => (s && s.toString() === urlParams.toString() ? null : s)), [urlParams]);
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseLoanFilters(params), [params]);
  const page = parsePage(params);
  const source: LoanListSource = params.get('source') === 'server' ? 'server' : 'device';
  const loanId = positiveId(params.get('loan'));
  /** 'Registrar abono' on a list card: the detail opens with the next row's edit started. */
  const startPayment = params.get('abono') === '1';

  const urlRef = useRef(urlParams);
  urlRef.current = urlParams;
  /** A change that replaces the entry (filters, page, source): shown at once, written to the address after. */
  const update = useCallback((change: (current: URLSearchParams) => URLSearchParams) => {
    const next = change(shownRef.current ?? urlRef.current);
    shownRef.current = next;
    setShown(next);
  }, []);
  const replace = useCallback(
    (change: (next: URLSearchParams) => void) =>
      update((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      }),
    [update],
  );
  const setFilters = useCallback(
    (patch: Partial<LoanFilters>) =>
      update((current) => withFilters(current, { ...parseLoanFilters(current), ...patch })),
    [update],
  );
  const clearFilters = useCallback(() => update((current) => withFilters(current, EMPTY_FILTERS)), [update]);
  const setPage = useCallback(
    (n: number) => replace((next) => (n > 1 ? next.set('page', String(n)) : next.delete('page'))),
    [replace],
  );
  const setSource = useCallback(
    (s: LoanListSource) =>
      replace((next) => {
        if (s === 'server') next.set('source', 'server');
        else next.delete('source');
        next.delete('page');
      }),
    [replace],
  );

  const openLoan = useCallback(
    (id: number, options: { startPayment?: boolean } = {}) => {
      const next = new URLSearchParams(params);
      next.set('loan', String(id));
      if (options.startPayment) next.set('abono', '1');
      else next.delete('abono');
      // A change still on its way to the address goes with this entry instead.
      shownRef.current = null;
      setShown(null);
      setParams(next, { state: { loanModal: true } satisfies ModalState });
    },
    [params, setParams],
  );
  const fromList = (location.state as ModalState | null)?.loanModal === true;
  const closeLoan = useCallback(() => {
    if (fromList) navigate(-1);
    else
      replace((next) => {
        next.delete('loan');
        next.delete('abono');
      });
  }, [fromList, navigate, replace]);

  return {
    filters,
    page,
    source,
    loanId,
    startPayment,
    setFilters,
    clearFilters,
    setPage,
    setSource,
    openLoan,
    closeLoan,
  };
}
