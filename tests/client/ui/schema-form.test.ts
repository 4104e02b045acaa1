import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { issuesToFieldErrors } from '../../../client/ui/use-schema-form';
import { issuesToDetails } from '../../../server/http/validate';
import { clientMessages } from '../../../shared/clients/messages';
import { clientSchema } from '../../../shared/clients/schemas';
import { municipalitySchema } from '../../../shared/municipalities/schemas';

const blankClient = { nombre: '', telefono: '', municipality_id: '', coordinadora: false, empleado: false };

// The form shows, next to each field, exactly what the server would put in `details` for the same values.
describe('issuesToFieldErrors', () => {
  test.each([
    ['cliente vacío', clientSchema, blankClient],
    [
      'teléfono corto',
      clientSchema,
      { ...blankClient, nombre: 'Ana', telefono: '123', municipality_id: '2' },
    ],
    [
      'teléfono largo',
      clientSchema,
      { ...blankClient, nombre: 'Ana', telefono: '1'.repeat(16), municipality_id: '2' },
    ],
    ['municipio vacío', municipalitySchema, { name: '  ', collection_day: '' }],
  ] as const)('%s: mismos mensajes que el servidor', (_name, schema, values) => {
    const result = v.safeParse(schema as v.GenericSchema, values);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToFieldErrors(result.issues)).toEqual(issuesToDetails(result.issues, schema));
  });

  test('los textos son los de docs/producto.md §5', () => {
    const result = v.safeParse(clientSchema, { ...blankClient, nombre: 'Ana', telefono: '12-34' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToFieldErrors(result.issues)).toEqual({
      telefono: clientMessages.telefonoDigitos,
      municipality_id: clientMessages.municipioRequerido,
    });
  });
});
