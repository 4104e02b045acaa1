// PUT /api/loans/{id} ('Editar Préstamo'): one schema for the form and the server. What does not change the
// money (aval, guarantees, group, notes) may change at any time; the amount, the payment method and the start
// date only while no payment has been recorded (the server decides, it knows the rows).
import * as v from 'valibot';
import { phoneDigits } from '../clients/schemas';
import { parseSelectId } from '../validation/ids';
import { editLoanMessages as e } from './edit-loan-messages';
import { newLoanMessages as m } from './new-loan-messages';
import { fecha, garantias, montoCredito, optionalText } from './new-loan-schema';

const grupo = v.pipe(
  v.unknown(),
  v.transform((value) =>
    value === '' || value === null || value === undefined ? Number.NaN : Number(value),
  ),
  v.number(m.grupoInvalido),
  v.safeInteger(m.grupoInvalido),
  v.minValue(1, m.grupoInvalido),
);

/** Blank, or a phone of 8 to 15 digits (docs/producto.md §5's rule for phones). */
const telefonoAval = v.pipe(
  optionalText(40),
  v.check(
    (text) => text === '' || (phoneDigits(text).length >= 8 && phoneDigits(text).length <= 15),
    e.telefonoAval,
  ),
);

export const editLoanSchema = v.object({
  grupo,
  nombre_aval: optionalText(150),
  telefono_aval: telefonoAval,
  garantias,
  notas: v.pipe(optionalText(2000), v.maxLength(500, e.notasMaximo)),
  /** Money fields: absent means unchanged. */
  monto_credito: v.optional(montoCredito),
  payment_method_id: v.optional(
    v.pipe(v.unknown(), v.transform(parseSelectId), v.number(m.modalidadRequerida)),
  ),
  fecha_inicio: v.optional(fecha),
});
export type EditLoanInput = v.InferOutput<typeof editLoanSchema>;
