// What a business date may be, one rule per kind of date (docs/reglas-del-negocio.md §2): the phone's forms,
// the office's forms and the server ask the same function, so a date the server refuses is one the form never
// sent. Each answers the Spanish message of what is wrong, or null.
import { cashCountMessages } from './cash-counts/messages';
import { addDays, type IsoDate, isIsoDate } from './dates';
import { paymentMessages } from './payments/messages';
import { sheetMessages } from './sheets/messages';
import { visitMessages } from './visits/messages';

/** The years every business date lives in: the loan form's range, and the reports'. */
export const FIRST_BUSINESS_DAY: IsoDate = '2000-01-01';
export const LAST_BUSINESS_DAY: IsoDate = '2099-12-31';

/**
 * How far ahead of the server's today a phone's date may be: a phone whose clock runs a little fast, or that
 * crossed midnight before the server did, still records the day's money; a date further ahead is refused, since
 * a payment dated in the future would leave that day's corte and hide the cash.
 */
export const PHONE_CLOCK_SKEW_DAYS = 1;

/** How far from today a sheet's coverage week may be: last year's catch-up and next weeks' routes, not 1970. */
export const COVERAGE_WINDOW_DAYS = 366;

/** How far after the visit a promise of payment may fall. */
export const PROMISE_WINDOW_DAYS = 366;

const latestFor = (today: IsoDate) => addDays(today, PHONE_CLOCK_SKEW_DAYS);

/** A payment's business date (a payment, a correction, a row edit): from the loan's start to today. */
export function paymentDateIssue(fecha: IsoDate, ctx: { today: IsoDate; loanStart: IsoDate }): string | null {
  const m = paymentMessages;
  if (!isIsoDate(fecha)) return m.fechaInvalida;
  if (fecha < FIRST_BUSINESS_DAY || fecha > LAST_BUSINESS_DAY) return m.fechaFueraDeRango;
  if (fecha > latestFor(ctx.today)) return m.fechaFutura;
  if (fecha < ctx.loanStart) return m.fechaAntesDelPrestamo;
  return null;
}

/** A day something happened on the route (a visit, a corte): from 2000 up to a day after today. */
function routeDayIssue(
  fecha: IsoDate,
  today: IsoDate,
  m: { invalida: string; futura: string; antesDe2000: string },
): string | null {
  if (!isIsoDate(fecha)) return m.invalida;
  if (fecha > latestFor(today)) return m.futura;
  if (fecha < FIRST_BUSINESS_DAY) return m.antesDe2000;
  return null;
}

/** A visit's date ('No pagó', a promise); its promise's date is `promiseDateIssue`. */
export const visitDateIssue = (fecha: IsoDate, today: IsoDate): string | null =>
  routeDayIssue(fecha, today, {
    invalida: visitMessages.fechaVisitaInvalida,
    futura: visitMessages.fechaVisitaFutura,
    antesDe2000: visitMessages.fechaVisitaFueraDeRango,
  });

export function promiseDateIssue(fechaPromesa: IsoDate, visitDate: IsoDate): string | null {
  const m = visitMessages;
  if (!isIsoDate(fechaPromesa)) return m.fechaPromesaInvalida;
  if (fechaPromesa < visitDate) return m.fechaPromesaPasada;
  if (fechaPromesa > addDays(visitDate, PROMISE_WINDOW_DAYS) || fechaPromesa > LAST_BUSINESS_DAY)
    return m.fechaPromesaLejana;
  return null;
}

/** The day a collector closes (a corte). */
export const cashCountDateIssue = (fecha: IsoDate, today: IsoDate): string | null =>
  routeDayIssue(fecha, today, {
    invalida: cashCountMessages.fechaInvalida,
    futura: cashCountMessages.fechaFutura,
    antesDe2000: cashCountMessages.fechaFueraDeRango,
  });

/** The date a sheet's coverage week is taken from. */
export function coverageDateIssue(fecha: IsoDate, today: IsoDate): string | null {
  const m = sheetMessages;
  if (!isIsoDate(fecha)) return m.fechaCoberturaInvalida;
  if (fecha < addDays(today, -COVERAGE_WINDOW_DAYS) || fecha > addDays(today, COVERAGE_WINDOW_DAYS))
    return m.fechaCoberturaFueraDeRango;
  return null;
}
