import * as v from 'valibot';
import { daysBetween, type IsoDate, isIsoDate } from '../dates';
import { reportMessages as m } from './messages';

/** Longest range a report answers: five years of weeks is ~260 rows, still one screen of work. */
export const MAX_RANGE_DAYS = 5 * 366;

/** The years a report date may name: a business's records, never 1970 or 9999 (a typo, or a probe). */
export const REPORT_YEARS = { first: 2000, last: 2099 } as const;

const inReportYears = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= REPORT_YEARS.first && year <= REPORT_YEARS.last;
};

/** A date a report or a list of the office filters by (AAAA-MM-DD, 2000–2099). */
export const reportDate = v.pipe(
  v.string(m.fechaInvalida),
  v.check(isIsoDate, m.fechaInvalida),
  v.check(inReportYears, m.fechaFueraDeRango),
);

/**
 * A report's range once its missing dates are filled in (`fallback`: docs/producto.md §9's current month, or the report's own
 * default): never inverted, never longer than MAX_RANGE_DAYS. One date alone is bounded by the same rule as two
 * (`?fechaFin=2099-12-31` alone asked for 73 years).
 */
export function resolveReportRange(
  query: { fechaInicio?: IsoDate; fechaFin?: IsoDate },
  fallback: { from: IsoDate; to: IsoDate },
): { ok: true; from: IsoDate; to: IsoDate } | { ok: false; message: string } {
  const from = query.fechaInicio ?? fallback.from;
  const to = query.fechaFin ?? fallback.to;
  if (from > to) return { ok: false, message: m.rangoInvertido };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { ok: false, message: m.rangoMuyLargo };
  return { ok: true, from, to };
}

/**
 * Both dates given and each a real date. valibot runs a pipe's checks even after an entry failed its own
 * check, so the range checks must not assume the dates parse: counting the days of '-1' throws.
 */
const bothDates = (r: {
  fechaInicio?: string;
  fechaFin?: string;
}): r is { fechaInicio: string; fechaFin: string } =>
  Boolean(r.fechaInicio && r.fechaFin && isIsoDate(r.fechaInicio) && isIsoDate(r.fechaFin));

/** fechaInicio and fechaFin, both optional (the server uses the current month), never inverted. */
export const dateRangeQuerySchema = v.pipe(
  v.object({ fechaInicio: v.optional(reportDate), fechaFin: v.optional(reportDate) }),
  v.check((range) => !bothDates(range) || range.fechaInicio <= range.fechaFin, m.rangoInvertido),
  v.check(
    (range) => !bothDates(range) || daysBetween(range.fechaInicio, range.fechaFin) <= MAX_RANGE_DAYS,
    m.rangoMuyLargo,
  ),
);
export type DateRangeQuery = v.InferOutput<typeof dateRangeQuerySchema>;

/** GET resumen_creditos_cobros_municipio: the week of `fecha`, optionally cut to the summary's range. */
export const municipalitySummaryQuerySchema = v.pipe(
  v.object({
    fecha: v.pipe(
      v.string(m.fechaRequerida),
      v.nonEmpty(m.fechaRequerida),
      v.check(isIsoDate, m.fechaInvalida),
      v.check(inReportYears, m.fechaFueraDeRango),
    ),
    fechaInicio: v.optional(reportDate),
    fechaFin: v.optional(reportDate),
  }),
  v.check(
    ({ fechaInicio, fechaFin }) => !fechaInicio || !fechaFin || fechaInicio <= fechaFin,
    m.rangoInvertido,
  ),
);
export type MunicipalitySummaryQuery = v.InferOutput<typeof municipalitySummaryQuerySchema>;
