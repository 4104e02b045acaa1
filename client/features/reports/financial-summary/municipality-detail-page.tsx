import { Button, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { isIsoDate } from '../../../../shared/dates';
import { reportMessages as m } from '../../../../shared/reports/messages';
import type { MunicipalitySummaryResponse, SummaryMunicipalityRow } from '../../../../shared/reports/types';
import { useReportData } from '../../../session/use-report-data';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { downloadFile } from '../../../ui/download-file';
import { ErrorState } from '../../../ui/error-state';
import { PageHeader } from '../../../ui/page-header';
import { ReportActions } from '../../../ui/report-actions';
import { StaleResultNote } from '../../../ui/stale-result-note';
import { useReportErrorToast } from '../report-errors';
import { definitions } from '../report-texts';
import { figureColumns } from './figure-columns';
import { checkSummaryShape } from './response-shape';
import { SummaryCards } from './summary-cards';
import { weekLabel } from './week-label';

/**
 * docs/producto.md §2 municipality detail (/reports/financial-summary/{date}): the week of `date` by municipality, cut to
 * the summary's range when it came from there, so its totals match that week's row.
 */
export function MunicipalityDetailPage() {
  const { date = '' } = useParams();
  const [params] = useSearchParams();
  const valid = isIsoDate(date);
  const query = {
    fecha: date,
    fechaInicio: params.get('fechaInicio') ?? undefined,
    fechaFin: params.get('fechaFin') ?? undefined,
  };
  const report = useReportData<MunicipalitySummaryResponse>(
    valid ? 'resumen_creditos_cobros_municipio' : null,
    query,
  );
  const shapeError = report.data ? checkSummaryShape(report.data) : null;
  const error = valid ? (report.error ?? shapeError) : m.fechaInvalida;
  useReportErrorToast(m.errorDetalleMunicipio, error);
  const data = shapeError ? null : report.data;
  // Back to the summary with the range it had (the summary passes its own address as state).
  const from = (useLocation().state as { from?: string } | null)?.from;
  const back = from?.startsWith('/reports/financial-summary') ? from : '/reports/financial-summary';

  const columns = useMemo<DataTableColumn<SummaryMunicipalityRow>[]>(
    () => [
      { key: 'municipio', header: 'Municipio', cardTitle: true, render: (r) => r.municipio },
      ...figureColumns(),
    ],
    [],
  );

  return (
    <Stack gap="6">
      <PageHeader
        title="Detalle por Municipio"
        subtitle={data ? `Semana del ${weekLabel(data.fechaInicio, data.fechaFin)}` : undefined}
        actions={
          <>
            <Button asChild variant="ghost" size={{ base: 'lg', md: 'md' }} className="no-print">
              <Link to={back}>Volver al resumen</Link>
            </Button>
            <ReportActions
              disabled={!data}
              onExport={() =>
                downloadFile(
                  'resumen_creditos_cobros_municipio/file',
                  `detalle-municipios-${date}.xlsx`,
                  query,
                )
              }
            />
          </>
        }
      />
      {report.stale && <StaleResultNote savedAt={report.stale.savedAt} />}
      {error && !report.stale && (
        <ErrorState
          title={m.errorDetalleMunicipio.trim()}
          message={error}
          onRetry={valid ? report.reload : undefined}
        />
      )}
      {!data && report.loading && <Text color="fg.muted">Cargando detalle...</Text>}
      {data && (
        <>
          <SummaryCards totals={data.totals} />
          <DataTable
            label="Detalle por municipio"
            testId="municipality-table"
            columns={columns}
            rows={data.data}
            rowKey={(r) => r.municipality_id}
            emptyText="No hay municipios registrados"
          />
          <Text fontSize="sm" color="fg.muted">
            {definitions.resumen}
          </Text>
        </>
      )}
    </Stack>
  );
}
