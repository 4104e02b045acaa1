import { useReportData } from '../session/use-report-data';
import { DateRangeFilter } from './date-range-filter';
import { downloadFile } from './download-file';
import { ReportActions } from './report-actions';
import { StaleResultNote } from './stale-result-note';
import { useReportRange } from './use-report-range';

/**
 * A list between two dates (egresos, inversiones) for a CrudPage: the range filter in the URL, the list
 * (the device's last copy, marked stale, when the server cannot be reached), and 'Exportar a Excel'
 * (`<path>/file`, saved as `<fileName>-<fechaInicio>.xlsx`) / 'Imprimir'. Nothing is asked for while the
 * range is incomplete.
 */
export function useRangeList<T extends { data: unknown }>(path: string, fileName: string) {
  const range = useReportRange();
  const query = { fechaInicio: range.fechaInicio, fechaFin: range.fechaFin };
  const list = useReportData<T>(range.complete ? path : null, query);
  const data = (list.data?.data ?? null) as T['data'] | null;
  return {
    data,
    complete: range.complete,
    /** The stale copy's failure is said by its note, not as an error. */
    source: { ...list, error: list.stale ? null : list.error },
    filters: (
      <>
        <DateRangeFilter range={range} />
        {list.stale && <StaleResultNote savedAt={list.stale.savedAt} />}
      </>
    ),
    actions: (
      <ReportActions
        disabled={!data}
        onExport={() => downloadFile(`${path}/file`, `${fileName}-${range.fechaInicio}.xlsx`, query)}
      />
    ),
  };
}
