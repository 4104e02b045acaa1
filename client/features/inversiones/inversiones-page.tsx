import { Button, Stack } from '@chakra-ui/react';
import { inversionMessages as m } from '../../../shared/inversiones/messages';
import type { InversionesResponse } from '../../../shared/inversiones/types';
import { formatMoney } from '../../../shared/money';
import { useReportData } from '../../session/use-report-data';
import { BreakdownCard } from '../../ui/breakdown-card';
import { DataTable } from '../../ui/data-table';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { downloadFile } from '../../ui/download-file';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { ReportActions } from '../../ui/report-actions';
import { StaleResultNote } from '../../ui/stale-result-note';
import { useReportRange } from '../../ui/use-report-range';
import { inversionColumns } from './inversion-columns';
import { InversionFormDialog } from './inversion-form-dialog';
import { useInversionDialog } from './use-inversion-dialog';

/** SPEC §2 inversiones: as egresos, with the breakdown per responsible person; create only. */
export function InversionesPage() {
  const range = useReportRange();
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const list = useReportData<InversionesResponse>(range.complete ? 'list-inversiones' : null, query);
  const dialog = useInversionDialog(list.reload);
  const data = list.data?.data ?? null;

  return (
    <Stack gap="6">
      <PageHeader
        title="Inversiones"
        subtitle="De dónde viene el capital del negocio"
        actions={
          <>
            <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate} className="no-print">
              Nueva Inversión
            </Button>
            <ReportActions
              disabled={!data}
              onExport={() =>
                downloadFile('list-inversiones/file', `inversiones-${range.fechaInicio}.xlsx`, query)
              }
            />
          </>
        }
      />
      <DateRangeFilter range={range} />
      {list.stale && <StaleResultNote savedAt={list.stale.savedAt} />}
      {list.error && !list.stale && (
        <ErrorState title={m.errorCargar} message={list.error} onRetry={list.reload} />
      )}
      {range.complete && !(list.error && !data) && (
        <Stack gap="4">
          {data && (
            <BreakdownCard
              title="Por responsable"
              totalLabel="Capital neto invertido"
              total={data.totals.neto}
              testId="inversiones-breakdown"
              items={data.summary.map((p) => ({
                key: p.responsable,
                label: p.responsable,
                value: p.neto,
                detail:
                  p.retirado > 0
                    ? `Aportado ${formatMoney(p.aportado)} · Retirado ${formatMoney(p.retirado)}`
                    : `${p.count} ${p.count === 1 ? 'movimiento' : 'movimientos'}`,
              }))}
            />
          )}
          <DataTable
            label="Lista de inversiones"
            testId="inversiones-table"
            columns={inversionColumns}
            rows={data?.inversiones ?? []}
            rowKey={(i) => i.id}
            loading={list.loading}
            emptyText={m.vacio}
          />
        </Stack>
      )}
      <InversionFormDialog dialog={dialog} />
    </Stack>
  );
}
