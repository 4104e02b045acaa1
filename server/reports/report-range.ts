import { businessToday, endOfMonth, type IsoDate, startOfMonth } from '../../shared/dates';
import type { DateRangeQuery } from '../../shared/reports/schemas';

export interface ReportRange {
  from: IsoDate;
  to: IsoDate;
}

/** SPEC §9: a missing date is the first or last day of the current month (the business's month). */
export function rangeOrCurrentMonth(query: DateRangeQuery, timeZone: string): ReportRange {
  const today = businessToday(timeZone);
  return { from: query.fechaInicio ?? startOfMonth(today), to: query.fechaFin ?? endOfMonth(today) };
}
