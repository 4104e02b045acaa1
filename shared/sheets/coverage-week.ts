// docs/reglas-del-negocio.md coverage week: a municipality's coverage date is the collection day of a Monday-based week; the
// sheet covers that date to 6 days later; `week` is the ISO week label of the coverage date.
import { addDays, type IsoDate, weekdayIndex } from '../dates';
import type { CollectionDay } from '../municipalities/schemas';

const DAY_INDEX: Record<CollectionDay, number> = {
  LUNES: 0,
  MARTES: 1,
  MIERCOLES: 2,
  JUEVES: 3,
  VIERNES: 4,
};

export interface CoverageWeek {
  coverageWeek: IsoDate;
  coverageWeekEnd: IsoDate;
  /** ISO 8601 week label of the coverage date, e.g. '2026-W48'. */
  week: string;
}

/** The Monday of the week that holds `date`. */
export const mondayOf = (date: IsoDate): IsoDate => addDays(date, -weekdayIndex(date));

/** ISO week label: the week belongs to the year of its Thursday. */
export function isoWeekLabel(date: IsoDate): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(mondayOf(`${year}-01-04`), 3);
  const weekNumber = 1 + Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / (7 * 86_400_000));
  return `${year}-W${String(weekNumber).padStart(2, '0')}`;
}

/**
 * The coverage week of a municipality for the week that holds `date` (today, or the date the office chose):
 * any day of a week names that week's collection day, so one week has one coverage date.
 */
export function coverageWeekFor(collectionDay: CollectionDay, date: IsoDate): CoverageWeek {
  const coverageWeek = addDays(mondayOf(date), DAY_INDEX[collectionDay]);
  return { coverageWeek, coverageWeekEnd: addDays(coverageWeek, 6), week: isoWeekLabel(coverageWeek) };
}

/**
 * The collection week a date falls in, for a town: from the latest collection day on or before the date to six
 * days later. Before this week's collection day that is last week's (a Friday town's week runs Friday to
 * Thursday), so a payment of today counts in its week. The "week" of the loan figures (shared/loans/figures).
 */
export function collectionWeekOf(collectionDay: CollectionDay, date: IsoDate): CoverageWeek {
  const thisWeek = coverageWeekFor(collectionDay, date);
  return thisWeek.coverageWeek <= date ? thisWeek : coverageWeekFor(collectionDay, addDays(date, -7));
}
