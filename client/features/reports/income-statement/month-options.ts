import { addMonths, businessToday, endOfMonth, type IsoDate, startOfMonth } from '../../../../shared/dates';

export interface MonthOption {
  value: string;
  label: string;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
}

const monthName = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** docs/producto.md §9: the last 12 months, this one first ('noviembre de 2026'). */
export function lastTwelveMonths(today: IsoDate = businessToday()): MonthOption[] {
  return Array.from({ length: 12 }, (_, i) => {
    const first = startOfMonth(addMonths(startOfMonth(today), -i));
    const label = monthName.format(new Date(`${first}T12:00:00Z`));
    return {
      value: first.slice(0, 7),
      label: label.charAt(0).toUpperCase() + label.slice(1),
      fechaInicio: first,
      fechaFin: endOfMonth(first),
    };
  });
}

/** The option whose whole month the range is, or '' (custom dates). */
export const selectedMonth = (
  options: readonly MonthOption[],
  fechaInicio: string,
  fechaFin: string,
): string => options.find((o) => o.fechaInicio === fechaInicio && o.fechaFin === fechaFin)?.value ?? '';
