import { Stack } from '@chakra-ui/react';
import { ErrorState } from '../../ui/error-state';
import { ListPagination } from '../../ui/list-pagination';
import { countText, pageInfo } from '../../ui/pagination';
import { hasActiveFilters, type LoanFilters } from './loan-filters';
import { LoanCountLine, LoanTable } from './loan-table';
import type { useServerLoans } from './use-server-loans';

/** GET /api/list-loans results, with the server's own pagination. */
export function ServerLoanList({
  server,
  filters,
  onPage,
  onDetails,
}: {
  server: ReturnType<typeof useServerLoans>;
  filters: LoanFilters;
  onPage: (page: number) => void;
  onDetails: (id: number) => void;
}) {
  const { pagination, total } = server;
  if (server.error && !pagination)
    return (
      <ErrorState title="Error al buscar en el servidor" message={server.error} onRetry={server.reload} />
    );
  const info = pagination
    ? pageInfo(pagination.current_page, pagination.total_items, pagination.per_page)
    : null;
  return (
    <Stack gap="3">
      {pagination && total !== null && (
        <LoanCountLine text={countText(pagination.total_items, total)} fromServer />
      )}
      <LoanTable
        rows={server.rows}
        loading={server.loading}
        emptyText={
          hasActiveFilters(filters)
            ? 'Ningún préstamo coincide con los filtros'
            : 'No hay préstamos registrados'
        }
        onDetails={onDetails}
      />
      {info && <ListPagination info={info} onPage={onPage} />}
    </Stack>
  );
}
