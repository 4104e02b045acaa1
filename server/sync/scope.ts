// What a device holds (DESIGN §4, §9): the account's municipalities (the user's, when limited), their
// clients, the payment methods; loans not closed or closed in the last 8 weeks, with their rows and visits;
// weekly sheets of the last 12 weeks, with their loans.
import { addDays, businessToday, type IsoDate } from '../../shared/dates';
import type { MunicipalityScope } from '../scope/user-municipalities';

export const CLOSED_LOAN_DAYS = 8 * 7;
export const SHEET_DAYS = 12 * 7;

export interface ScopeCuts {
  /** A paid loan is in scope while its closed_at is at or after this instant. */
  closedSince: Date;
  /** A weekly sheet is in scope while its coverage_week is on or after this date. */
  sheetsSince: IsoDate;
  /** The municipalities the user reads (null: all of the account's). */
  municipalities: MunicipalityScope;
}

export function scopeCuts(at: number, timeZone: string, municipalities: MunicipalityScope = null): ScopeCuts {
  return {
    closedSince: new Date(at - CLOSED_LOAN_DAYS * 86_400_000),
    sheetsSince: addDays(businessToday(timeZone, new Date(at)), -SHEET_DAYS),
    municipalities,
  };
}
