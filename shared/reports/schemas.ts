import * as v from 'valibot';
import { daysBetween, isIsoDate } from '../dates';
import { reportMessages as m } from './messages';

/** Longest range a report answers: five years of weeks is ~260 rows, still one screen of work. */
export const MAX_RANGE_DAYS = 5 * 366;

const isoDate = v.pipe(v.string(m.fechaInvalida), v.check(isIsoDate, m.fechaInvalida));

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
  v.object({ fechaInicio: v.optional(isoDate), fechaFin: v.optional(isoDate) }),
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
    ),
    fechaInicio: v.optional(isoDate),
    fechaFin: v.optional(isoDate),
  }),
  v.check(
    ({ fechaInicio, fechaFin }) => !fechaInicio || !fechaFin || fechaInicio <= fechaFin,
    m.rangoInvertido,
  ),
);
export type MunicipalitySummaryQuery = v.InferOutput<typeof municipalitySummaryQuerySchema>;
