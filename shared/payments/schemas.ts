import * as v from 'valibot';
import { isIsoDate } from '../dates';
import { optionalLocation } from '../location/schemas';
import { type Cents, toCents } from '../money';
import { requiredId } from '../validation/ids';
import { paymentMessages as m } from './messages';

/** Largest amount accepted for one payment edit (numeric(14,2) holds far more; this catches typos). */
export const MAX_PAYMENT_CENTS = 100_000_000_00;

const numberText = (value: unknown): string | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return typeof value === 'string' ? value.trim() : null;
};

/** docs/producto.md §5: a partial amount is a number ≥ 0 with step 0.01; sent as a number or numeric text; → centavos. */
export const amountSchema = v.pipe(
  v.unknown(),
  v.transform(numberText),
  v.string(m.montoInvalido),
  v.regex(/^\d+(\.\d+)?$/, m.montoInvalido),
  v.regex(/^\d+(\.\d{1,2})?$/, m.montoDecimales),
  v.transform((text) => toCents(text) as Cents),
  v.maxValue(MAX_PAYMENT_CENTS as Cents, m.montoMaximo),
);

// Within 2000–2099 like the loan form's dates: a typo such as 2206 or 0226 is refused, not stored.
const isoDate = v.pipe(
  v.string(m.fechaInvalida),
  v.check(isIsoDate, m.fechaInvalida),
  v.check((date) => date >= '2000-01-01' && date <= '2099-12-31', m.fechaFueraDeRango),
);
/** Missing or null: the server uses the business's today when the row becomes paid. */
const fechaPagada = v.optional(v.nullable(isoDate));
const pagada = v.optional(v.boolean(m.pagadaInvalida));

const editEntries = {
  pagada,
  parcial: v.optional(amountSchema),
  fecha_pagada: fechaPagada,
};

/** A row's sync version (what an edit was made on). */
const versionNumber = v.pipe(
  v.number(m.versionInvalida),
  v.safeInteger(m.versionInvalida),
  v.minValue(0, m.versionInvalida),
);
/**
 * The online calls' `version`: the row's version their screen showed, so an edit over a change it had not seen
 * is recorded as a conflict (docs/sincronizacion.md). Optional: a caller that sends none keeps working (decision 015).
 */
const shownVersion = v.optional(versionNumber);

const hasEdit = (input: { pagada?: boolean; parcial?: Cents; fecha_pagada?: string | null }) =>
  input.pagada !== undefined || input.parcial !== undefined || input.fecha_pagada !== undefined;

/** PUT /api/loans/:loanId/amortizations/:id — the screens' inline edit (docs/producto.md §2, §7). */
export const amortizationUpdateSchema = v.pipe(
  v.object({ ...editEntries, version: shownVersion }),
  v.check((input) => hasEdit(input), m.pagoOMonto),
);
export type AmortizationUpdateInput = v.InferOutput<typeof amortizationUpdateSchema>;
export type AmortizationUpdateForm = v.InferInput<typeof amortizationUpdateSchema>;

/**
 * POST /api/aplicar-pago (docs/producto.md §7): loan_id, id and either pagada, or monto_pagado and fecha_pagada.
 * `monto_pagado` is the row's amount received (what the partial input shows), not an increment.
 */
export const aplicarPagoSchema = v.pipe(
  v.object({
    loan_id: requiredId(m.prestamoRequerido),
    id: requiredId(m.amortizacionRequerida),
    pagada,
    monto_pagado: v.optional(amountSchema),
    fecha_pagada: fechaPagada,
    version: shownVersion,
  }),
  v.check((input) => input.pagada !== undefined || input.monto_pagado !== undefined, m.pagoOMonto),
  v.forward(
    v.check(
      (input) => input.monto_pagado === undefined || input.pagada === true || Boolean(input.fecha_pagada),
      m.fechaRequerida,
    ),
    ['fecha_pagada'],
  ),
);
export type AplicarPagoInput = v.InferOutput<typeof aplicarPagoSchema>;

/** Sync mutation `amortization.update` (docs/sincronizacion.md): the same edit, with its receipt and base version. */
export const amortizationUpdateMutationSchema = v.pipe(
  v.object({
    receiptId: v.pipe(v.string(m.reciboInvalido), v.uuid(m.reciboInvalido)),
    loanId: requiredId(m.prestamoRequerido),
    amortizationId: requiredId(m.amortizacionRequerida),
    baseVersion: versionNumber,
    ...editEntries,
  }),
  v.check((input) => hasEdit(input), m.pagoOMonto),
);
export type AmortizationUpdateMutation = v.InferOutput<typeof amortizationUpdateMutationSchema>;
export type AmortizationUpdateMutationArgs = v.InferInput<typeof amortizationUpdateMutationSchema>;

/** POST /api/actualizar-num-pag and /api/update-num-pago: the client's figures, checked but recomputed. */
const count = v.optional(
  v.pipe(v.number(m.numPagoInvalido), v.safeInteger(m.numPagoInvalido), v.minValue(0, m.numPagoInvalido)),
);
export const numPagoSchema = v.object({
  loan_id: requiredId(m.prestamoRequerido),
  num_pago: count,
  abonos_atrasados: count,
  semanas_transcurridas: count,
});
export type NumPagoInput = v.InferOutput<typeof numPagoSchema>;

const receiptId = v.pipe(v.string(m.reciboInvalido), v.uuid(m.reciboInvalido));

/**
 * Money received ('Otro monto', a payment's amount): a number with at most two decimals and more than 0 — a
 * payment brings money (docs/reglas-del-negocio.md); taking money back is a correction.
 */
export const receivedAmountSchema = v.pipe(
  v.unknown(),
  v.transform(numberText),
  v.string(m.montoMayorQueCero),
  v.regex(/^\d+(\.\d+)?$/, m.montoMayorQueCero),
  v.regex(/^\d+(\.\d{1,2})?$/, m.montoDecimales),
  v.transform((text) => toCents(text) as Cents),
  v.check((amount) => amount > 0, m.montoMayorQueCero),
  v.maxValue(MAX_PAYMENT_CENTS as Cents, m.montoMaximo),
);

/**
 * Sync mutation `payment.record` (docs/sincronizacion.md): money received for a loan on a business date (the phone's today).
 * `amortizationId`: the row a person edited (the office's row edit); absent or null, the oldest row owed.
 */
export const paymentRecordSchema = v.object({
  receiptId,
  loanId: requiredId(m.prestamoRequerido),
  amount: v.optional(receivedAmountSchema, ''),
  fecha: v.optional(isoDate, ''),
  paymentMethodId: v.optional(
    v.nullable(v.pipe(v.number(m.prestamoRequerido), v.safeInteger(), v.minValue(1))),
  ),
  amortizationId: v.optional(
    v.nullable(v.pipe(v.number(m.amortizacionRequerida), v.safeInteger(), v.minValue(1))),
  ),
  /** Where Cobranza's 'Pagó' or 'Otro monto' was tapped, when the account records it (decision 029). */
  ubicacion: optionalLocation,
});
export type PaymentRecordArgs = v.InferOutput<typeof paymentRecordSchema>;
export type PaymentRecordWire = v.InferInput<typeof paymentRecordSchema>;

/**
 * Sync mutation `payment.correct`: what one payment (by its receipt) really was — its amount (0 reverses it) and,
 * optionally, its date — with the reason. A correction is an event of its own; the payment is never changed.
 */
export const paymentCorrectSchema = v.object({
  receiptId,
  paymentReceiptId: receiptId,
  amount: v.optional(amountSchema, ''),
  fecha: v.optional(v.nullable(isoDate)),
  reason: v.pipe(
    v.string(m.motivoRequerido),
    v.trim(),
    v.nonEmpty(m.motivoRequerido),
    v.maxLength(200, m.motivoLargo),
  ),
});
export type PaymentCorrectArgs = v.InferOutput<typeof paymentCorrectSchema>;
export type PaymentCorrectWire = v.InferInput<typeof paymentCorrectSchema>;
