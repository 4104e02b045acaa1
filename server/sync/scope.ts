// What a device holds (DESIGN §4): the account's municipalities, clients and payment methods; loans not
// closed or closed in the last 8 weeks, with their rows; weekly sheets of the last 12 weeks, with their loans.
import { addDays, businessToday, type IsoDate } from '../../shared/dates';

export const CLOSED_LOAN_DAYS = 8 * 7;
export const SHEET_DAYS = 12 * 7;

export interface ScopeCuts {
  /** A paid loan is in scope while its closed_at is at or after this instant. */
  closedSince: Date;
  /** A weekly sheet is in scope while its coverage_week is on or after this date. */
  sheetsSince: IsoDate;
}

export function scopeCuts(at: number, timeZone: string): ScopeCuts {
  return {
    closedSince: new Date(at - CLOSED_LOAN_DAYS * 86_400_000),
    sheetsSince: addDays(businessToday(timeZone, new Date(at)), -SHEET_DAYS),
  };
}
