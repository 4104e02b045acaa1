import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { addDays, businessToday, formatDate } from '../../../../shared/dates';
import { reportMessages as m } from '../../../../shared/reports/messages';
import type { PortfolioReport } from '../../../../shared/reports/types';
import { mondayOf } from '../../../../shared/sheets/coverage-week';
import { useReportData } from '../../../session/use-report-data';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import { downloadFile } from '../../../ui/download-file';
import { ErrorState } from '../../../ui/error-state';
import { PageHeader } from '../../../ui/page-header';
import { ReportActions } from '../../../ui/report-actions';
import { StaleResultNote } from '../../../ui/stale-result-note';
import { useReportRange } from '../../../ui/use-report-range';
import { useReportErrorToast } from '../report-errors';
import { definitions } from '../report-texts';
import { PortfolioCards } from './portfolio-cards';
import {
  AgingSection,
  CollectorRateSection,
  MunicipalityRateSection,
  WeeklyRateSection,
} from './portfolio-sections';

/** The last 12 weeks, this one included (the server's default too). */
function lastTwelveWeeks() {
  const monday = mondayOf(businessToday());
  return { fechaInicio: addDays(monday, -77), fechaFin: addDays(monday, 6) };
}

/**
 * Portfolio health (docs/reglas-del-negocio.md §8.5): PAR 7 / PAR 30 and the arrears aging as of today;
 * collection rates per week, municipality and collector for the chosen weeks. Every chart has its table.
 */
export function PortfolioPage() {
  const defaults = useMemo(lastTwelveWeeks, []);
  const range = useReportRange(defaults);
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const report = useReportData<PortfolioReport>(range.complete ? 'reporte-cartera' : null, query);
  const data = report.data && Array.isArray(report.data.antiguedad) ? report.data : null;
  const error = report.error ?? (report.data && !data ? m.formatoInvalido : null);
  useReportErrorToast(m.errorCartera, error);

  return (
    <Stack gap="6">
      <PageHeader
        title="Salud de la Cartera"
        subtitle={data ? `Mora al ${formatDate(data.fecha)} y cobranza del periodo` : 'Mora y cobranza'}
        actions={
          <ReportActions
            disabled={!data}
            onExport={() => downloadFile('reporte-cartera/file', 'salud-de-cartera.xlsx', query)}
          />
        }
      />
      <DateRangeFilter range={range} />
      {report.stale && <StaleResultNote savedAt={report.stale.savedAt} />}
      {error && !report.stale && (
        <ErrorState title={m.errorCartera.trim()} message={error} onRetry={report.reload} />
      )}
      {range.complete && !data && report.loading && <Text color="fg.muted">Cargando cartera...</Text>}
      {data && (
        <>
          <PortfolioCards report={data} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" fontSize="sm" color="fg.muted">
            <Text>{definitions.par7}</Text>
            <Text>{definitions.par30}</Text>
          </SimpleGrid>
          <AgingSection report={data} />
          <WeeklyRateSection report={data} />
          <MunicipalityRateSection report={data} />
          <CollectorRateSection report={data} />
        </>
      )}
    </Stack>
  );
}
