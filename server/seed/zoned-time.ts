import type { IsoDate } from '../../shared/dates';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, instant: Date) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant of a wall-clock time on a business date in `timeZone` (e.g. 10:00 in Mexico City). */
export function zonedTime(date: IsoDate, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = partsIn(timeZone, new Date(wall)) - wall;
  return new Date(wall - offset);
}
