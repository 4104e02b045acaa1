// When a town collects next (docs/producto.md §2.24): apart from the reminders themselves so that Cobranza's button
// asks it without bringing the reminders' code into the route's chunk.
import { addDays, formatDate, type IsoDate, weekdayIndex } from '../../../shared/dates';
import { COLLECTION_DAYS, type CollectionDay } from '../../../shared/municipalities/schemas';
import { remindersTexts as t, WEEKDAYS } from './reminders-texts';

/** The first date after `today` that is the town's collection day (a week later when it is today). */
export function nextCollectionDate(day: CollectionDay, today: IsoDate): IsoDate {
  // COLLECTION_DAYS runs Monday to Friday, as weekdayIndex counts from Monday.
  const ahead = (COLLECTION_DAYS.indexOf(day) - weekdayIndex(today) + 7) % 7 || 7;
  return addDays(today, ahead);
}

export const isTomorrow = (date: IsoDate, today: IsoDate) => date === addDays(today, 1);

/** 'mañana lunes 18/05/2026', or 'el lunes 18/05/2026' further ahead. */
export const whenText = (date: IsoDate, today: IsoDate): string =>
  `${isTomorrow(date, today) ? t.manana : 'el'} ${WEEKDAYS[weekdayIndex(date)]} ${formatDate(date)}`;
