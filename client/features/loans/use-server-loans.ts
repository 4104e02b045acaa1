import { useMemo } from 'react';
import { businessToday } from '../../../shared/dates';
import type { LoanListResponse } from '../../../shared/loans/types';
import { useApiData } from '../../session/use-api-data';
import { PAGE_SIZE } from '../../ui/pagination';
import { hasActiveFilters, type LoanFilters, serverLoanQuery } from './loan-filters';
import { serverListRow } from './loan-list-rows';
import { useDebouncedValue } from './use-debounced-value';

/**
 * GET /api/list-loans with the list's filters (online only): the loans the device does not keep (closed more
 * than 8 weeks ago) are reachable here. `enabled` false makes no call. The name waits for typing to pause.
 */
export function useServerLoans(enabled: boolean, filters: LoanFilters, page: number) {
  const clientName = useDebouncedValue(filters.clientName, 300);
  const settled = { ...filters, clientName };
  const list = useApiData<LoanListResponse>(
    enabled ? 'list-loans' : null,
    serverLoanQuery(settled, page, PAGE_SIZE),
  );
  // 'de Y préstamos' needs the unfiltered total: one count-sized page, only when a filter narrows the list.
  const filtered = hasActiveFilters(settled);
  const all = useApiData<LoanListResponse>(enabled && filtered ? 'list-loans' : null, { page: 1, limit: 1 });
  const today = businessToday();
  const rows = useMemo(
    () => list.data?.data.map((loan) => serverListRow(loan, today)) ?? [],
    [list.data, today],
  );
  const pagination = list.data?.pagination ?? null;
  return {
    rows,
    pagination,
    total: filtered ? (all.data?.pagination.total_items ?? null) : (pagination?.total_items ?? null),
    error: list.error,
    loading: list.loading,
    reload: list.reload,
  };
}
