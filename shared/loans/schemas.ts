import * as v from 'valibot';
import { isIsoDate } from '../dates';

export const loanQueryMessages = {
  paginaInvalida: 'La página debe ser un entero mayor o igual a 1',
  limiteInvalido: 'El límite debe ser un entero entre 1 y 100',
  fechaInvalida: 'La fecha no es válida (AAAA-MM-DD)',
  idInvalido: 'El identificador no es válido',
  booleanoInvalido: 'Debe ser true o false',
  municipioRequerido: 'El municipio es requerido',
} as const;
const m = loanQueryMessages;

/** A positive integer sent in the query string. */
const queryInt = (message: string, max = 999_999_999_999_999) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\d{1,15}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );
const queryDate = v.pipe(v.string(m.fechaInvalida), v.trim(), v.check(isIsoDate, m.fechaInvalida));
const queryBool = v.pipe(
  v.string(m.booleanoInvalido),
  v.trim(),
  v.picklist(['true', 'false'], m.booleanoInvalido),
  v.transform((s) => s === 'true'),
);
/** docs/producto.md §5: a blank client name is ignored; the value is trimmed. */
const clientName = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(200),
  v.transform((s) => (s === '' ? undefined : s)),
);

const pageEntries = (defaultLimit: number, maxLimit: number) => ({
  page: v.optional(queryInt(m.paginaInvalida), '1'),
  limit: v.optional(
    queryInt(`El límite debe ser un entero entre 1 y ${maxLimit}`, maxLimit),
    String(defaultLimit),
  ),
});

/** GET /api/list-loans (docs/producto.md §7, §9: page from 1, 10 per page). */
export const loanListQuerySchema = v.object({
  ...pageEntries(10, 100),
  startDate: v.optional(queryDate),
  endDate: v.optional(queryDate),
  clientName: v.optional(clientName),
  clientId: v.optional(queryInt(m.idInvalido)),
  municipalityId: v.optional(queryInt(m.idInvalido)),
  activos: v.optional(queryBool),
  vencidos: v.optional(queryBool),
});
export type LoanListQuery = v.InferOutput<typeof loanListQuerySchema>;

/** GET /api/loan-history?municipalityId= (all loans by grupo, in pages of up to 5000). */
export const loanHistoryQuerySchema = v.object({
  ...pageEntries(1000, 5000),
  municipalityId: v.optional(queryInt(m.idInvalido)),
});
export type LoanHistoryQuery = v.InferOutput<typeof loanHistoryQuerySchema>;

/** GET /api/last-group?municipalityId= */
export const lastGroupQuerySchema = v.object({
  municipalityId: v.optional(queryInt(m.municipioRequerido), ''),
});

/** GET /api/reporte-pagos-temp?municipalityId= */
export const paymentReportQuerySchema = v.object({
  municipalityId: v.optional(queryInt(m.idInvalido)),
});
