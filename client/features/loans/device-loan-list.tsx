import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { ErrorState } from '../../ui/error-state';
import { ListPagination } from './list-pagination';
import { hasActiveFilters, type LoanFilters } from './loan-filters';
import { filterListRows } from './loan-list-rows';
import { LoanCountLine, LoanTable } from './loan-table';
import { countText, pageInfo, pageRows } from './pagination';
import type { DeviceLoans, DeviceLoansPage } from './use-device-loans';

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
}) {
  const matching = useMemo(() => (loans ? filterListRows(loans.rows, filters) : []), [loans, filters]);
  const info = pageInfo(page, matching.length);
  if (error) return <ErrorState title="Error al cargar los préstamos" message={error} />;
  if (!loans && firstPage && firstPage.total > 0 && !hasActiveFilters(filters)) {
    const early = pageInfo(page, firstPage.total);
    return (
      <Stack gap="3">
        <LoanCountLine text={countText(firstPage.total, firstPage.total)} />
        <LoanTable rows={firstPage.rows} loading={false} emptyText="" onDetails={onDetails} />
        <ListPagination info={early} onPage={onPage} />
      </Stack>
    );
  }
  const waiting = loans === null || (syncing && loans.rows.length === 0);
  return (
    <Stack gap="3">
      {loans && !waiting && <LoanCountLine text={countText(matching.length, loans.rows.length)} />}
      <LoanTable
        rows={pageRows(matching, info)}
        loading={waiting}
        emptyText={
          hasActiveFilters(filters)
            ? 'Ningún préstamo coincide con los filtros'
            : 'No hay préstamos guardados en este dispositivo'
        }
        onDetails={onDetails}
      />
      <ListPagination info={info} onPage={onPage} />
    </Stack>
  );
}
