import * as v from 'valibot';
import { toPesos } from '../money';
import { positiveAmount, requiredDate } from '../validation/amount';
import { requiredId } from '../validation/ids';
import { requiredText } from '../validation/text';
import { egresoMessages as m } from './messages';

/** POST guardar-egreso and PUT egresos/{id} (docs/producto.md §7): one payload, docs/producto.md §5's messages. */
export const egresoSchema = v.object({
  fecha: requiredDate(m.fechaRequerida),
  importe: positiveAmount(m.importeMayorACero),
  responsable: v.optional(requiredText(m.responsableRequerido, 120), ''),
  id_catalogo: requiredId(m.conceptoRequerido),
});
export type EgresoInput = v.InferOutput<typeof egresoSchema>;

/** The parsed form back on the wire: importe travels in pesos (docs/arquitectura.md), the schema's output is centavos. */
export const egresoBody = (input: EgresoInput) => ({ ...input, importe: toPesos(input.importe) });
