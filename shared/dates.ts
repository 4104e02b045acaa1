// Business dates are 'YYYY-MM-DD' strings read as local dates (docs/producto.md §5); "today" is the business's local date.
export type IsoDate = string;

export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** Reads 'YYYY-MM-DD' (optionally followed by a time) as a local calendar date. */
export function parseLocalDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
  // '2026-02-30' is refused rather than rolled over into March.
  if (m && value.length === 10)
    return isIsoDate(value) ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The calendar date in `timeZone` at `instant`, as 'YYYY-MM-DD'. */
// Building an Intl formatter costs about half a millisecond, formatting with one microseconds: one per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function dateInTimeZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `instant`, as 'YYYY-MM-DD HH:MM:SS' (24 h). */
export function wallClockIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format.format(instant);
}

export const businessToday = (timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate =>
  dateInTimeZone(now, timeZone);

function toUtc(date: IsoDate): Date {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Fecha inválida: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const fromUtc = (d: Date): IsoDate => d.toISOString().slice(0, 10);

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
};

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const d = toUtc(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return fromUtc(d);
}

/** Whole days from `a` to `b` (positive when b is later). */
export const daysBetween = (a: IsoDate, b: IsoDate): number =>
  Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (date: IsoDate): number => (toUtc(date).getUTCDay() + 6) % 7;

export const startOfMonth = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;
export const endOfMonth = (date: IsoDate): IsoDate => addDays(addMonths(startOfMonth(date), 1), -1);

const esDate = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });
const esDateTime = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function formatWith(format: Intl.DateTimeFormat, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  try {
    const d = typeof value === 'string' ? parseLocalDate(value) : value;
    if (!d || Number.isNaN(d.getTime())) return 'Fecha inválida';
    return format.format(d);
  } catch {
    return 'Error en fecha';
  }
}

/** docs/producto.md §5: 'N/A' if missing, 'Fecha inválida' if unparseable, 'Error en fecha' on an exception. */
export const formatDate = (value: string | Date | null | undefined): string => formatWith(esDate, value);
export const formatDateTime = (value: string | Date | null | undefined): string =>
  formatWith(esDateTime, value);
