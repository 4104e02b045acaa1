import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../../shared/money';
import { reportMessages as m } from '../../../../shared/reports/messages';
import type { FinancialSummaryResponse, SummaryWeekRow } from '../../../../shared/reports/types';
import { useReportData } from '../../../session/use-report-data';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import { downloadFile } from '../../../ui/download-file';
import { ErrorState } from '../../../ui/error-state';
import { PageHeader } from '../../../ui/page-header';
import { ReportActions } from '../../../ui/report-actions';
import { StaleResultNote } from '../../../ui/stale-result-note';
import { useReportRange } from '../../../ui/use-report-range';
import { ReportBarChart } from '../charts/report-bar-chart';
import { useReportErrorToast } from '../report-errors';
import { definitions } from '../report-texts';
import { figureColumns } from './figure-columns';
import { checkSummaryShape } from './response-shape';
import { SummaryCards } from './summary-cards';
import { shortDate, weekLabel } from './week-label';

const detailPath = (row: SummaryWeekRow) =>
  `/reports/financial-summary/${row.semana}?fechaInicio=${row.desde}&fechaFin=${row.hasta}`;

/** docs/producto.md §2 financial summary: the range, six totals, collected vs delivered per week, the weekly table. */
export function FinancialSummaryPage() {
  const range = useReportRange();
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const report = useReportData<FinancialSummaryResponse>(
    range.complete ? 'resumen_creditos_cobros' : null,
    query,
  );
  const shapeError = report.data ? checkSummaryShape(report.data) : null;
  const error = report.error ?? shapeError;
  useReportErrorToast(m.errorResumen, error);
  const navigate = useNavigate();
  const location = useLocation();
  const from = { from: `${location.pathname}${location.search}` };
  const data = shapeError ? null : report.data;

  const columns = useMemo<DataTableColumn<SummaryWeekRow>[]>(
    () => [
      { key: 'semana', header: 'Semana', cardTitle: true, render: (r) => weekLabel(r.desde, r.hasta) },
      ...figureColumns<SummaryWeekRow>(),
    ],
    [],
  );

  return (
    <Stack gap="6">
      <PageHeader
        title="Resumen Financiero"
        subtitle="Créditos entregados, cobranza y comisiones por semana"
        actions={
          <ReportActions
            disabled={!data}
            onExport={() =>
              downloadFile(
                'resumen_creditos_cobros/file',
                `resumen-financiero-${range.fechaInicio}.xlsx`,
                query,
              )
            }
          />
        }
      />
      <DateRangeFilter range={range} />
      {report.stale && <StaleResultNote savedAt={report.stale.savedAt} />}
      {error && !report.stale && (
        <ErrorState title={m.errorResumen.trim()} message={error} onRetry={report.reload} />
      )}
      {range.complete && !data && report.loading && <Text color="fg.muted">Cargando resumen...</Text>}
      {data && (
        <>
          <SummaryCards totals={data.totals} />
          <Card.Root variant="outline" bg="bg">
            <Card.Body gap="3">
              <ReportBarChart
                title="Cobrado vs. entregado por semana"
                summary={`En el periodo se cobraron ${formatMoney(data.totals.totalAbonosCobrados)} y se entregaron ${formatMoney(data.totals.totalMontoEntregado)}; las cifras de cada semana están en la tabla.`}
                tableId="tabla-resumen-semanal"
                data={data.data}
                category="semana"
                categoryLabel={shortDate}
                series={[
                  { key: 'monto_cobrado', label: 'Cobrado', color: 'teal.solid' },
                  { key: 'monto_entregado', label: 'Entregado', color: 'purple.solid' },
                ]}
                testId="chart-cobrado-entregado"
              />
            </Card.Body>
          </Card.Root>
          <DataTable
            id="tabla-resumen-semanal"
            label="Resumen por semana"
            testId="summary-table"
            columns={columns}
            rows={data.data}
            rowKey={(r) => r.semana}
            emptyText="No hay semanas en el rango"
            loading={report.loading}
            onRowClick={(r) => navigate(detailPath(r), { state: from })}
            actionsHeader="Municipios"
            actions={(r) => (
              <Button asChild size="sm" variant="outline" className="no-print">
                <Link
                  to={detailPath(r)}
                  state={from}
                  onClick={(e) => e.stopPropagation()}
                  aria-label={`Ver por municipio la semana del ${weekLabel(r.desde, r.hasta)}`}
                >
                  Por municipio
                </Link>
              </Button>
            )}
          />
          <Text fontSize="sm" color="fg.muted">
            {definitions.resumen}
          </Text>
        </>
      )}
    </Stack>
  );
}
