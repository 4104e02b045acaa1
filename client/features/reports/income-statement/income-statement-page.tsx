import { NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { reportMessages as m } from '../../../../shared/reports/messages';
import type { IncomeStatementResponse } from '../../../../shared/reports/types';
import { useReportData } from '../../../session/use-report-data';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import { downloadFile } from '../../../ui/download-file';
import { ErrorState } from '../../../ui/error-state';
import { FormField } from '../../../ui/form-field';
import { PageHeader } from '../../../ui/page-header';
import { ReportActions } from '../../../ui/report-actions';
import { StaleResultNote } from '../../../ui/stale-result-note';
import { useReportRange } from '../../../ui/use-report-range';
import { useReportErrorToast } from '../report-errors';
import { lastTwelveMonths, selectedMonth } from './month-options';
import { StatementView } from './statement-view';

/** docs/producto.md §2 income statement: a month of the last 12 or custom dates, then the statement. */
export function IncomeStatementPage() {
  const range = useReportRange();
  const months = useMemo(() => lastTwelveMonths(), []);
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const report = useReportData<IncomeStatementResponse>(range.complete ? 'estado-resultados' : null, query);
  const data = report.data && typeof report.data.data === 'object' ? report.data : null;
  const error = report.error ?? (report.data && !data ? m.formatoInvalido : null);
  useReportErrorToast(m.errorEstadoResultados, error);
  const month = selectedMonth(months, range.fechaInicio, range.fechaFin);

  return (
    <Stack gap="6">
      <PageHeader
        title="Estado de Resultados"
        subtitle="Ingresos, costos y gastos del periodo"
        actions={
          <ReportActions
            disabled={!data}
            onExport={() =>
              downloadFile('estado-resultados/file', `estado-de-resultados-${range.fechaInicio}.xlsx`, query)
            }
          />
        }
      />
      <DateRangeFilter range={range}>
        <FormField label="Mes">
          <NativeSelect.Root minW={{ base: 'full', sm: '56' }}>
            <NativeSelect.Field
              value={month}
              data-testid="mes"
              onChange={(e) => {
                const option = months.find((o) => o.value === e.target.value);
                if (option) range.set({ fechaInicio: option.fechaInicio, fechaFin: option.fechaFin });
              }}
            >
              {month === '' && <option value="">Fechas personalizadas</option>}
              {months.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </DateRangeFilter>
      {report.stale && <StaleResultNote savedAt={report.stale.savedAt} />}
      {error && !report.stale && (
        <ErrorState title={m.errorEstadoResultados.trim()} message={error} onRetry={report.reload} />
      )}
      {range.complete && !data && report.loading && (
        <Text color="fg.muted">Cargando estado de resultados...</Text>
      )}
      {data && <StatementView data={data.data} />}
    </Stack>
  );
}
