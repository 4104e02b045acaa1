import * as v from 'valibot';
import { requiredId } from '../validation/ids';
import { requiredText } from '../validation/text';
import { clientMessages as m } from './messages';

/** docs/producto.md §5, §9: a phone counts its digits only ("(55) 1234-5678" has 10). */
export const phoneDigits = (telefono: string) => telefono.replace(/\D/g, '');

const telefono = v.pipe(
  requiredText(m.telefonoRequerido, 40),
  v.check((value) => {
    const digits = phoneDigits(value).length;
    return digits >= 8 && digits <= 15;
  }, m.telefonoDigitos),
);

const flag = v.optional(v.boolean(m.booleanoInvalido), false);

/** POST /add-client, POST /clients and PUT /clients/:id. The phone is kept as typed (trimmed). */
export const clientSchema = v.object({
  // The '' defaults make a missing key fail with the Spanish message instead of valibot's English one.
  nombre: v.optional(requiredText(m.nombreRequerido, 150), ''),
  telefono: v.optional(telefono, ''),
  municipality_id: requiredId(m.municipioRequerido),
  coordinadora: flag,
  empleado: flag,
});
export type ClientInput = v.InferOutput<typeof clientSchema>;
export type ClientFormValues = v.InferInput<typeof clientSchema>;

/** GET /clients?municipalityId= */
export const clientListQuerySchema = v.object({
  municipalityId: v.optional(
    v.pipe(v.string(m.municipioInvalido), v.regex(/^\d{1,15}$/, m.municipioInvalido), v.transform(Number)),
  ),
});
