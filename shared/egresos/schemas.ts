import * as v from 'valibot';
import { toPesos } from '../money';
import { positiveAmount, requiredDate } from '../validation/amount';
import { requiredId } from '../validation/ids';
import { requiredText } from '../validation/text';
import { egresoMessages as m } from './messages';

/** POST guardar-egreso and PUT egresos/{id} (SPEC §7): one payload, SPEC §5's messages. */
export const egresoSchema = v.object({
  fecha: requiredDate(m.fechaRequerida),
  importe: positiveAmount(m.importeMayorACero),
  responsable: v.optional(requiredText(m.responsableRequerido, 120), ''),
  id_catalogo: requiredId(m.conceptoRequerido),
});
export type EgresoInput = v.InferOutput<typeof egresoSchema>;

/** The parsed form back on the wire: importe travels in pesos (DESIGN §3), the schema's output is centavos. */
export const egresoBody = (input: EgresoInput) => ({ ...input, importe: toPesos(input.importe) });
