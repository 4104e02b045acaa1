import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { businessToday, endOfMonth, type IsoDate, isIsoDate, startOfMonth } from '../../shared/dates';

export interface ReportRangeState {
  fechaInicio: string;
  fechaFin: string;
  /** Both dates valid and in order: the report may load (docs/producto.md §5). */
  complete: boolean;
  inverted: boolean;
  set: (next: { fechaInicio?: string; fechaFin?: string }) => void;
}

/** The current month in the business's calendar (docs/producto.md §9 default filter). */
export function currentMonth(today: IsoDate = businessToday()): { fechaInicio: IsoDate; fechaFin: IsoDate } {
  return { fechaInicio: startOfMonth(today), fechaFin: endOfMonth(today) };
}

/**
 * The report's date range, kept in the address (?fechaInicio=…&fechaFin=…) so that a row's detail and the
 * back button return to the same range. Absent parameters are the current month; a cleared input is kept
 * empty, and the report waits for it.
 */
export function useReportRange(
  defaults: { fechaInicio: IsoDate; fechaFin: IsoDate } = currentMonth(),
): ReportRangeState {
  const [params, setParams] = useSearchParams();
  const fechaInicio = params.get('fechaInicio') ?? defaults.fechaInicio;
  const fechaFin = params.get('fechaFin') ?? defaults.fechaFin;
  const valid = isIsoDate(fechaInicio) && isIsoDate(fechaFin);
  const inverted = valid && fechaInicio > fechaFin;
  const set = useCallback(
    (next: { fechaInicio?: string; fechaFin?: string }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.fechaInicio !== undefined) updated.set('fechaInicio', next.fechaInicio);
          if (next.fechaFin !== undefined) updated.set('fechaFin', next.fechaFin);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { fechaInicio, fechaFin, complete: valid && !inverted, inverted, set };
}
