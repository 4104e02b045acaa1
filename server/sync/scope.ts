// What a device holds (docs/sincronizacion.md and docs/reglas-del-negocio.md): the account's municipalities (the user's, when limited), their
// clients, the payment methods; loans not closed or closed in the last 8 weeks, with their rows and visits;
// weekly sheets of the last 12 weeks, with their loans.
import { addDays, businessToday, type IsoDate } from '../../shared/dates';
import { PAYMENT_EVENT_DAYS } from '../../shared/sync/types';
import type { MunicipalityScope } from '../types';

export const CLOSED_LOAN_DAYS = 8 * 7;
export const SHEET_DAYS = 12 * 7;
export { PAYMENT_EVENT_DAYS as PAYMENT_DAYS } from '../../shared/sync/types';

export interface ScopeCuts {
  /** A paid loan is in scope while its closed_at is at or after this instant. */
  closedSince: Date;
  /** A weekly sheet is in scope while its coverage_week is on or after this date. */
  sheetsSince: IsoDate;
  /** The municipalities the user reads (null: all of the account's). */
  municipalities: MunicipalityScope;
  /** Payment events are sent (the device asked for them) from this business date on; null: none. */
  paymentsSince: IsoDate | null;
}

export function scopeCuts(
  at: number,
  timeZone: string,
  municipalities: MunicipalityScope = null,
  payments = false,
): ScopeCuts {
  const today = businessToday(timeZone, new Date(at));
  return {
    closedSince: new Date(at - CLOSED_LOAN_DAYS * 86_400_000),
    sheetsSince: addDays(today, -SHEET_DAYS),
    municipalities,
    paymentsSince: payments ? addDays(today, -PAYMENT_EVENT_DAYS) : null,
  };
}
