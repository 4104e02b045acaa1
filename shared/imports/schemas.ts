// POST /api/imports/loans and the browser's check of a filled-in template (docs/producto.md §2.22): one schema for
// both. A row travels as the file's text (money in pesos, dates as written), and the server reads it again with
// this same schema; it never trusts a figure the browser computed.
import * as v from 'valibot';
import { clientMessages } from '../clients/messages';
import { clientSchema } from '../clients/schemas';
import { isIsoDate } from '../dates';
import { newLoanMessages } from '../loans/new-loan-messages';
import { grupo, MAX_GUARANTEES, MAX_LOAN_CENTS, montoCredito, optionalText } from '../loans/new-loan-schema';
import { type Cents, toCents } from '../money';
import { requiredText } from '../validation/text';
import { normalizeName } from './columns';
import { importMessages as m } from './messages';

/** Loans per request: each batch is one transaction, well under the API's 1 MB body limit. */
export const IMPORT_BATCH_SIZE = 500;
/** Loans per file: the preview and the batches stay responsive in the browser. */
export const MAX_IMPORT_LOANS = 50_000;

/** 'DD/MM/AAAA', 'D-M-AAAA' or 'AAAA-MM-DD' as 'AAAA-MM-DD'; anything else unchanged (and then refused). */
export function isoDateOf(text: string): string {
  const value = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const ymd = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (ymd) return `${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`;
  return value;
}

const dateText = (message: string) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.transform(isoDateOf),
    v.check(isIsoDate, message),
    v.check((date) => date >= '2000-01-01' && date <= '2099-12-31', newLoanMessages.fechaFueraDeRango),
  );

const YES = new Set(['si', 's', 'x', '1', 'true', 'verdadero']);
const NO = new Set(['', 'no', 'n', '0', 'false', 'falso']);

const siNo = v.pipe(
  v.optional(v.string(), ''),
  v.transform((text) => normalizeName(text)),
  v.check((text) => YES.has(text) || NO.has(text), m.siNo),
  v.transform((text) => YES.has(text)),
);

/** Pesos ≥ 0; empty is null (the sum of the loan's rows in 'Pagos', or 0). */
const pagado = v.pipe(
  v.optional(v.string(), ''),
  v.transform((text): Cents | null | number => (text.trim() === '' ? null : (toCents(text) ?? Number.NaN))),
  v.nullable(
    v.pipe(
      v.number(m.pagadoInvalido),
      v.minValue(0, m.pagadoInvalido),
      v.maxValue(MAX_LOAN_CENTS, m.pagadoInvalido),
    ),
  ),
  v.transform((value) => value as Cents | null),
);

const garantias = v.pipe(
  v.optional(v.string(), ''),
  v.transform((text) =>
    text
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
  v.maxLength(MAX_GUARANTEES, m.garantiasMaximo),
  v.check((list) => list.every((part) => part.length <= 200), 'Máximo 200 caracteres por garantía'),
);

export const importPaymentSchema = v.object({
  /** The row of the 'Pagos' sheet, for messages. */
  fila: v.pipe(v.number(), v.integer(), v.minValue(1)),
  fecha: dateText(m.pagoFechaInvalida),
  monto: v.pipe(
    v.optional(v.string(), ''),
    v.transform((text) => toCents(text) ?? Number.NaN),
    v.number(m.pagoMontoInvalido),
    v.minValue(1, m.pagoMontoInvalido),
    v.maxValue(MAX_LOAN_CENTS, m.pagoMontoInvalido),
    v.transform((value) => value as Cents),
  ),
});

/** One row of 'Préstamos', with the rows of 'Pagos' that name its reference. */
export const importLoanSchema = v.object({
  /** The row of the 'Préstamos' sheet, for messages. */
  fila: v.pipe(v.number(), v.integer(), v.minValue(1)),
  referencia: v.optional(requiredText(m.referenciaRequerida, 40), ''),
  clave_cliente: optionalText(200),
  nombre: clientSchema.entries.nombre,
  telefono: clientSchema.entries.telefono,
  municipio: v.optional(requiredText(clientMessages.municipioRequerido, 150), ''),
  coordinadora: siNo,
  empleado: siNo,
  modalidad: v.optional(requiredText(newLoanMessages.modalidadRequerida, 20), ''),
  monto_credito: v.optional(montoCredito, ''),
  fecha_inicio: dateText(m.fechaInvalida),
  grupo,
  nombre_aval: optionalText(150),
  telefono_aval: optionalText(40),
  garantias,
  pagado,
  pagos: v.optional(v.array(importPaymentSchema), []),
});

export type ImportLoanRow = v.InferInput<typeof importLoanSchema>;
export type ImportLoan = v.InferOutput<typeof importLoanSchema>;

/**
 * The batch's envelope: each row is read by `planImport` (shared/imports/plan.ts) with `importLoanSchema`, so a bad
 * row is named by its sheet, row and column rather than by its place in the JSON.
 */
export const importBatchSchema = v.object({
  loans: v.pipe(
    v.array(
      v.custom<ImportLoanRow>(
        (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
        m.filaInvalida,
      ),
      m.archivoVacio,
    ),
    v.minLength(1, m.archivoVacio),
    v.maxLength(IMPORT_BATCH_SIZE, `Máximo ${IMPORT_BATCH_SIZE} préstamos por envío`),
  ),
});
export type ImportBatch = v.InferInput<typeof importBatchSchema>;

/** What POST /api/imports/loans answers. */
export interface ImportBatchResult {
  /** Loans created now. */
  creados: number;
  /** Rows whose reference was already imported: nothing was created for them. */
  existentes: number;
  clientes_nuevos: number;
  /** Payment events created now. */
  pagos: number;
}
