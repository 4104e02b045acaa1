import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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

const positiveId = (text: string | null) => (text && /^\d{1,15}$/.test(text) ? Number(text) : null);

/**
 * The list's state in the URL (reload and Back keep it): filters, page, source ('?source=server') and the open
 * loan ('?loan=<id>'). Filter and page changes replace the entry; opening a loan pushes one.
 */
export function useLoanListParams() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseLoanFilters(params), [params]);
  const page = parsePage(params);
  const source: LoanListSource = params.get('source') === 'server' ? 'server' : 'device';
  const loanId = positiveId(params.get('loan'));
  /** 'Registrar abono' on a list card: the detail opens with the next row's edit started. */
  const startPayment = params.get('abono') === '1';

  const replace = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<LoanFilters>) =>
      setParams(
        (current) => {
          const next = writeLoanFilters(current, { ...parseLoanFilters(current), ...patch });
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clearFilters = useCallback(
    () =>
      setParams(
        (current) => {
          const next = writeLoanFilters(current, EMPTY_FILTERS);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
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
