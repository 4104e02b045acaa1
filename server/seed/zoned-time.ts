import { type IsoDate, wallClockIn } from '../../shared/dates';

/** The wall clock of `instant` in `timeZone`, read as if it were UTC (the zone's offset is the difference). */
function partsIn(timeZone: string, instant: Date): number {
  const [date, time] = wallClockIn(instant, timeZone).split(' ') as [string, string];
  return Date.parse(`${date}T${time}Z`);
}

/** The instant of a wall-clock time on a business date in `timeZone` (e.g. 10:00 in Mexico City). */
export function zonedTime(date: IsoDate, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = partsIn(timeZone, new Date(wall)) - wall;
  return new Date(wall - offset);
}
