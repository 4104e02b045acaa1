// 'Cortes de caja' (docs/producto.md §2.19): each collector's daily count against what the server recorded,
// newest first.
import { Box, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { cashCountMessages as m } from '../../../shared/cash-counts/messages';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import { formatMoney } from '../../../shared/money';
import { useReportData } from '../../session/use-report-data';
import { DataTable } from '../../ui/data-table';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { downloadFile } from '../../ui/download-file';
import { ErrorState } from '../../ui/error-state';
import { FormField } from '../../ui/form-field';
import { OptionsSelect } from '../../ui/options-select';
import { PageHeader } from '../../ui/page-header';
import { ReportActions } from '../../ui/report-actions';
import { StaleResultNote } from '../../ui/stale-result-note';
import { StatCard } from '../../ui/stat-card';
import { useReportRange } from '../../ui/use-report-range';
import { cashCountColumns, DifferenceAmount } from './cash-count-columns';
import { registradoLabel } from './cash-counts-texts';
import { ReceiptSearch } from './receipt-search';

export function CashCountsPage() {
  const range = useReportRange();
  const [userId, setUserId] = useState('');
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const list = useReportData<CashCountsResponse>(range.complete ? 'cortes' : null, query);
  const data = list.data?.data ?? null;
  // The collectors who counted in the range; the choice filters here and in the export.
  const collectors = useMemo(() => {
    const byId = new Map((data?.cortes ?? []).map((c) => [c.user_id, c.user_name]));
    return [
      { value: '', label: 'Todos los cobradores' },
      ...[...byId]
        .sort((a, b) => a[1].localeCompare(b[1], 'es'))
        .map(([id, name]) => ({ value: String(id), label: name })),
    ];
  }, [data]);
  const shown = useMemo(
    () => (data?.cortes ?? []).filter((c) => userId === '' || String(c.user_id) === userId),
    [data, userId],
  );
  const totals = shown.reduce(
    (t, c) => ({
      registrado: t.registrado + c.registrado,
      contado: t.contado + c.contado,
      diferencia: t.diferencia + c.diferencia,
    }),
    { registrado: 0, contado: 0, diferencia: 0 },
  );
  const round = (n: number) => Math.round(n * 100) / 100;

  return (
    <Stack gap="6">
      <PageHeader
        title="Cortes de Caja"
        subtitle="Lo que cada cobrador contó al cerrar el día contra lo que el servidor tiene registrado"
        actions={
          <ReportActions
            disabled={!data}
            onExport={() =>
              downloadFile('cortes/file', `cortes-${range.fechaInicio}.xlsx`, {
                ...query,
                ...(userId ? { user_id: userId } : {}),
              })
            }
          />
        }
      />
      <DateRangeFilter range={range} />
      <Box maxW={{ md: 'xs' }} className="no-print">
        <FormField label="Cobrador">
          <OptionsSelect value={userId} options={collectors} onChange={setUserId} />
        </FormField>
      </Box>
      {list.stale && <StaleResultNote savedAt={list.stale.savedAt} />}
      {list.error && !list.stale && (
        <ErrorState title={m.cargaError} message={list.error} onRetry={list.reload} />
      )}
      {range.complete && !(list.error && !data) && (
        <Stack gap="4">
          {data && (
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="cortes-totals">
              <StatCard
                label={registradoLabel(shown.length)}
                value={formatMoney(round(totals.registrado))}
                tone="blue"
              />
              <StatCard label="Contado" value={formatMoney(round(totals.contado))} tone="teal" />
              <StatCard
                label="Diferencia"
                value={<DifferenceAmount value={round(totals.diferencia)} />}
                tone={totals.diferencia < 0 ? 'red' : 'gray'}
                testId="cortes-diferencia"
              />
            </SimpleGrid>
          )}
          <DataTable
            label="Cortes de caja"
            testId="cortes-table"
            columns={cashCountColumns}
            rows={shown}
            rowKey={(c) => c.id}
            loading={list.loading}
            emptyText="No hay cortes de caja en estas fechas"
          />
        </Stack>
      )}
      <ReceiptSearch />
    </Stack>
  );
}
