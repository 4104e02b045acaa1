import { Button, Stack } from '@chakra-ui/react';
import { egresoMessages as m } from '../../../shared/egresos/messages';
import type { CatalogoEgreso, EgresosResponse } from '../../../shared/egresos/types';
import { useApiData } from '../../session/use-api-data';
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
import { egresoColumns } from './egreso-columns';
import { EgresoFormDialog } from './egreso-form-dialog';
import { useEgresoDialog } from './use-egreso-dialog';

/** SPEC §2 egresos: the month's expenses, their total per concept, and the create/edit modal. */
export function EgresosPage() {
  const range = useReportRange();
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const list = useReportData<EgresosResponse>(range.complete ? 'list-egresos' : null, query);
  const catalogo = useApiData<{ data: CatalogoEgreso[] }>('list-catalogo-egresos');
  const dialog = useEgresoDialog(list.reload);
  const data = list.data?.data ?? null;

  return (
    <Stack gap="6">
      <PageHeader
        title="Egresos"
        subtitle="Gastos del negocio por concepto"
        actions={
          <>
            <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate} className="no-print">
              Nuevo Egreso
            </Button>
            <ReportActions
              disabled={!data}
              onExport={() => downloadFile('list-egresos/file', `egresos-${range.fechaInicio}.xlsx`, query)}
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
              title="Por concepto"
              totalLabel="Total de egresos"
              total={data.total}
              testId="egresos-breakdown"
              items={data.summary.map((s) => ({
                key: s.catalogo_egreso_id,
                label: s.concepto,
                value: s.total,
                detail: `${s.count} ${s.count === 1 ? 'egreso' : 'egresos'}`,
              }))}
            />
          )}
          <DataTable
            label="Lista de egresos"
            testId="egresos-table"
            columns={egresoColumns}
            rows={data?.egresos ?? []}
            rowKey={(e) => e.id}
            loading={list.loading}
            emptyText={m.vacio}
            actions={(e) => (
              <Button size="sm" variant="outline" onClick={() => dialog.openEdit(e)} className="no-print">
                Editar
              </Button>
            )}
          />
        </Stack>
      )}
      <EgresoFormDialog
        dialog={dialog}
        catalogo={catalogo.data?.data ?? []}
        catalogoError={catalogo.error ? `${m.errorCargarCatalogo}: ${catalogo.error}` : null}
      />
    </Stack>
  );
}
