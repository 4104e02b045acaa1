import * as v from 'valibot';
import { toPesos } from '../money';
import { positiveAmount, requiredDate } from '../validation/amount';
import { requiredText } from '../validation/text';
import { inversionMessages as m } from './messages';

/** docs/producto.md §9 investment types. A Retiro is money taken out of the business. */
export const TIPOS_INVERSION = ['Aportacion', 'Retiro', 'Capital Inicial', 'Reinversion'] as const;
export type TipoInversion = (typeof TIPOS_INVERSION)[number];

export const TIPO_INVERSION_LABELS: Record<TipoInversion, string> = {
  Aportacion: 'Aportación',
  Retiro: 'Retiro',
  'Capital Inicial': 'Capital Inicial',
  Reinversion: 'Reinversión',
};

/** POST guardar-inversion (docs/producto.md §7); create only. */
export const inversionSchema = v.object({
  fecha: requiredDate(m.fechaRequerida),
  importe: positiveAmount(m.importeMayorACero),
  responsable: v.optional(requiredText(m.responsableRequerido, 120), ''),
  tipo: v.optional(v.pipe(v.string(m.tipoRequerido), v.picklist(TIPOS_INVERSION, m.tipoRequerido)), ''),
  descripcion: v.optional(requiredText(m.descripcionRequerida, 300), ''),
});
export type InversionInput = v.InferOutput<typeof inversionSchema>;

/** The parsed form back on the wire: importe travels in pesos (docs/arquitectura.md), the schema's output is centavos. */
export const inversionBody = (input: InversionInput) => ({ ...input, importe: toPesos(input.importe) });
