import { businessToday, endOfMonth, type IsoDate, startOfMonth } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { type DateRangeQuery, resolveReportRange } from '../../shared/reports/schemas';

export interface ReportRange {
  from: IsoDate;
  to: IsoDate;
}

/**
 * The range a report reads, before any query: docs/producto.md §9's missing date is the first or last day of the current
 * month (the business's month), or the report's own `fallback`; the result is bounded by the shared rule, a 400
 * in Spanish otherwise.
 */
export function boundedRange(query: DateRangeQuery, fallback: ReportRange): ReportRange {
  const resolved = resolveReportRange(query, fallback);
  if (!resolved.ok) throw new AppError('VALIDATION', resolved.message);
  return { from: resolved.from, to: resolved.to };
}

export function rangeOrCurrentMonth(query: DateRangeQuery, timeZone: string): ReportRange {
  const today = businessToday(timeZone);
  return boundedRange(query, { from: startOfMonth(today), to: endOfMonth(today) });
}
