import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { ErrorState } from '../../ui/error-state';
import { ListPagination } from '../../ui/list-pagination';
import { countText, pageInfo, pageRows } from '../../ui/pagination';
import { hasActiveFilters, type LoanFilters } from './loan-filters';
import { filterListRows } from './loan-list-rows';
import { LoanCountLine, LoanTable } from './loan-table';
import type { DeviceLoans, DeviceLoansPage } from './use-device-loans';
import { usePaidCounts } from './use-paid-counts';

/** The list read from the device: filtered in memory, 10 a page, live. */
export function DeviceLoanList({
  loans,
  firstPage,
  error,
  syncing,
  filters,
  page,
  onPage,
  onDetails,
  onRegister,
}: {
  loans: DeviceLoans | null;
  /** The unfiltered page read on its own while `loans` is still being read (first visit). */
  firstPage: DeviceLoansPage | null;
  error: string | null;
  /** The first snapshot has not arrived yet: an empty store means 'loading', not 'no loans'. */
  syncing: boolean;
  filters: LoanFilters;
  page: number;
  onPage: (page: number) => void;
  onDetails: (id: number) => void;
  /** Present when this user may record payments on the device. */
  onRegister?: (id: number) => void;
}) {
  const matching = useMemo(() => (loans ? filterListRows(loans.rows, filters) : []), [loans, filters]);
  const info = pageInfo(page, matching.length);
  const visible = useMemo(() => pageRows(matching, pageInfo(page, matching.length)), [matching, page]);
  const paid = usePaidCounts(visible.map((r) => r.id));
  const shown = useMemo(
    () => (paid ? visible.map((r) => ({ ...r, pagados: paid.get(r.id) ?? 0 })) : visible),
    [visible, paid],
  );
  if (error) return <ErrorState title="Error al cargar los préstamos" message={error} />;
  if (!loans && firstPage && firstPage.total > 0 && !hasActiveFilters(filters)) {
    const early = pageInfo(page, firstPage.total);
    return (
      <Stack gap="3">
        <LoanCountLine text={countText(firstPage.total, firstPage.total)} />
        <LoanTable
          rows={firstPage.rows}
          loading={false}
          emptyText=""
          onDetails={onDetails}
          onRegister={onRegister}
        />
        <ListPagination info={early} onPage={onPage} />
      </Stack>
    );
  }
  const waiting = loans === null || (syncing && loans.rows.length === 0);
  return (
    <Stack gap="3">
      {loans && !waiting && <LoanCountLine text={countText(matching.length, loans.rows.length)} />}
      <LoanTable
        rows={shown}
        loading={waiting}
        emptyText={
          hasActiveFilters(filters)
            ? 'Ningún préstamo coincide con los filtros'
            : 'No hay préstamos guardados en este dispositivo'
        }
        onDetails={onDetails}
        onRegister={onRegister}
      />
      <ListPagination info={info} onPage={onPage} />
    </Stack>
  );
}
