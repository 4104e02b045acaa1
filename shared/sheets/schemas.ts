import * as v from 'valibot';
import { isIsoDate } from '../dates';
import { requiredId } from '../validation/ids';
import { sheetMessages as m } from './messages';

const isoDate = (message: string) => v.pipe(v.string(message), v.trim(), v.check(isIsoDate, message));

/** docs/producto.md §5: blank is 'La fecha de cobertura es requerida'. */
const coverageDate = v.pipe(
  v.string(m.fechaCoberturaRequerida),
  v.trim(),
  v.nonEmpty(m.fechaCoberturaRequerida),
  v.check(isIsoDate, m.fechaCoberturaInvalida),
);

/**
 * POST /api/hoja-de-cobro and POST /api/weekly-sheets (docs/producto.md §7): municipalityId, coverageWeek, paymentId 1.
 * The form always sends coverageWeek ('' when blank gets docs/producto.md §5's message); an older form sends only
 * municipalityId, and the server then takes the municipality's current coverage week.
 */
export const generateSheetSchema = v.object({
  municipalityId: requiredId(m.municipioRequerido),
  coverageWeek: v.optional(coverageDate),
  /** SPEC sends 1; accepted and ignored (the sheet lists every loan due, whatever its payment method). */
  paymentId: v.optional(v.unknown()),
});
export type GenerateSheetInput = v.InferOutput<typeof generateSheetSchema>;

/** PUT /api/weekly-sheets/{id}: moves an unprocessed sheet to another week (its snapshot is taken again). */
export const updateSheetSchema = v.object({
  coverageWeek: v.optional(coverageDate, ''),
});
export type UpdateSheetInput = v.InferOutput<typeof updateSheetSchema>;

const queryId = v.pipe(
  v.string(m.municipioNoEncontrado),
  v.trim(),
  v.regex(/^\d{1,15}$/, m.municipioNoEncontrado),
  v.transform(Number),
);

/** GET /api/weekly-sheets filters (all optional; start and end compare the creation date, docs/producto.md §2). */
export const sheetListQuerySchema = v.object({
  municipalityId: v.optional(queryId),
  processed: v.optional(
    v.pipe(
      v.string(m.procesadaInvalida),
      v.picklist(['true', 'false'], m.procesadaInvalida),
      v.transform((s) => s === 'true'),
    ),
  ),
  week: v.optional(v.pipe(v.string(m.semanaInvalida), v.trim(), v.maxLength(20, m.semanaInvalida))),
  startDate: v.optional(isoDate('La fecha no es válida (AAAA-MM-DD)')),
  endDate: v.optional(isoDate('La fecha no es válida (AAAA-MM-DD)')),
});
export type SheetListQuery = v.InferOutput<typeof sheetListQuerySchema>;

/** GET /api/coverage-week?municipalityId= (and GET /api/loans-weekly-sheets?weeklySheetId=). */
export const coverageWeekQuerySchema = v.object({
  municipalityId: v.optional(
    v.pipe(
      v.string(m.municipioRequerido),
      v.trim(),
      v.regex(/^\d{1,15}$/, m.municipioRequerido),
      v.transform(Number),
    ),
    '',
  ),
});

export const sheetLoansQuerySchema = v.object({
  weeklySheetId: v.optional(
    v.pipe(v.string(m.noEncontrada), v.trim(), v.regex(/^\d{1,15}$/, m.noEncontrada), v.transform(Number)),
    '',
  ),
});
