// docs/producto.md §9: the default loan date is the most recent occurrence, 1 to 7 days back, of the municipality's
// collection day (on the collection day itself, that is a week ago).
import { addDays, type IsoDate, weekdayIndex } from '../dates';
import { COLLECTION_DAYS, type CollectionDay } from '../municipalities/schemas';

export function defaultLoanDate(collectionDay: CollectionDay, today: IsoDate): IsoDate {
  const target = COLLECTION_DAYS.indexOf(collectionDay);
  const back = (weekdayIndex(today) - target + 7) % 7 || 7;
  return addDays(today, -back);
}
