import * as v from 'valibot';
import { isIsoDate } from '../dates';
import { paymentMessages } from '../payments/messages';
import { amountSchema } from '../payments/schemas';
import { reportMessages } from '../reports/messages';
import { reportDate } from '../reports/schemas';
import { optionalId } from '../validation/ids';
import { cashCountMessages as m } from './messages';

export const MAX_NOTA_CORTE = 200;

const date = v.pipe(v.string(m.fechaInvalida), v.check(isIsoDate, m.fechaInvalida));

/** The 'Cerrar día' form: the counted cash (pesos, ≥ 0) and an optional note. */
export const cashCountEntries = {
  contado: v.pipe(
    v.unknown(),
    v.check((value) => value !== '' && value !== null && value !== undefined, m.contadoRequerido),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = v.safeParse(amountSchema, dataset.value);
      if (parsed.success) return parsed.output;
      addIssue({ message: parsed.issues[0].message });
      return NEVER;
    }),
  ),
  nota: v.optional(
    v.pipe(
      v.nullable(v.string(m.notaLarga)),
      v.transform((text) => text?.trim() || null),
      v.check((text) => text === null || text.length <= MAX_NOTA_CORTE, m.notaLarga),
    ),
    null,
  ),
};

export const cashCountFormSchema = v.object(cashCountEntries);
export type CashCountFormInput = v.InferInput<typeof cashCountFormSchema>;

/** Sync mutation `cash_count.create` (docs/reglas-del-negocio.md). The recorded amount is the server's, never the phone's. */
export const cashCountCreateMutationSchema = v.object({
  receiptId: v.pipe(v.string(paymentMessages.reciboInvalido), v.uuid(paymentMessages.reciboInvalido)),
  fecha: date,
  ...cashCountEntries,
});
export type CashCountCreateMutation = v.InferOutput<typeof cashCountCreateMutationSchema>;
export type CashCountCreateArgs = v.InferInput<typeof cashCountCreateMutationSchema>;

/** GET /api/cortes?fechaInicio&fechaFin&user_id: the reports' range (current month by default) and a collector. */
export const cashCountListQuerySchema = v.pipe(
  v.object({
    fechaInicio: v.optional(reportDate),
    fechaFin: v.optional(reportDate),
    user_id: optionalId(m.usuarioInvalido),
  }),
  v.check(
    ({ fechaInicio, fechaFin }) => !fechaInicio || !fechaFin || fechaInicio <= fechaFin,
    reportMessages.rangoInvertido,
  ),
);
export type CashCountListQuery = v.InferOutput<typeof cashCountListQuerySchema>;
