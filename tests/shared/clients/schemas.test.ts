import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToDetails } from '../../../server/http/validate';
import { clientMessages as m } from '../../../shared/clients/messages';
import { clientListQuerySchema, clientSchema, phoneDigits } from '../../../shared/clients/schemas';

const valid = { nombre: 'Ana López', telefono: '(55) 1234-5678', municipality_id: 3 };

const detailsOf = (input: unknown) => {
  const result = v.safeParse(clientSchema, input);
  return result.success ? {} : issuesToDetails(result.issues);
};

describe('clientSchema', () => {
  it('accepts a valid client, trims texts and defaults the flags to false', () => {
    expect(v.parse(clientSchema, { ...valid, nombre: '  Ana López ' })).toEqual({
      nombre: 'Ana López',
      telefono: '(55) 1234-5678',
      municipality_id: 3,
      coordinadora: false,
      empleado: false,
    });
  });

  it('reads a select value given as a numeric string', () => {
    expect(
      v.parse(clientSchema, { ...valid, municipality_id: '12', coordinadora: true }).municipality_id,
    ).toBe(12);
  });

  it.each([
    ['missing nombre', { ...valid, nombre: undefined }, 'nombre', m.nombreRequerido],
    ['blank nombre', { ...valid, nombre: '   ' }, 'nombre', m.nombreRequerido],
    ['null nombre', { ...valid, nombre: null }, 'nombre', m.nombreRequerido],
    ['missing telefono', { ...valid, telefono: undefined }, 'telefono', m.telefonoRequerido],
    ['blank telefono', { ...valid, telefono: ' ' }, 'telefono', m.telefonoRequerido],
    ['7 digits', { ...valid, telefono: '123-4567' }, 'telefono', m.telefonoDigitos],
    ['16 digits', { ...valid, telefono: '1234567890123456' }, 'telefono', m.telefonoDigitos],
    ['no digits', { ...valid, telefono: 'sin número' }, 'telefono', m.telefonoDigitos],
    [
      'missing municipality',
      { ...valid, municipality_id: undefined },
      'municipality_id',
      m.municipioRequerido,
    ],
    ['empty select', { ...valid, municipality_id: '' }, 'municipality_id', m.municipioRequerido],
    ['null municipality', { ...valid, municipality_id: null }, 'municipality_id', m.municipioRequerido],
    ['zero', { ...valid, municipality_id: 0 }, 'municipality_id', m.municipioRequerido],
    ['negative', { ...valid, municipality_id: -4 }, 'municipality_id', m.municipioRequerido],
    ['fraction', { ...valid, municipality_id: 1.5 }, 'municipality_id', m.municipioRequerido],
    ['text', { ...valid, municipality_id: 'abc' }, 'municipality_id', m.municipioRequerido],
    ['flag not boolean', { ...valid, coordinadora: 'si' }, 'coordinadora', m.booleanoInvalido],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(input)[field]).toBe(message);
  });

  it('gives every missing field its own Spanish message at once', () => {
    expect(detailsOf({})).toEqual({
      nombre: m.nombreRequerido,
      telefono: m.telefonoRequerido,
      municipality_id: m.municipioRequerido,
    });
  });

  it.each([
    ['12345678', 8],
    ['+52 (55) 1234-5678', 12],
    ['123456789012345', 15],
  ])('counts only digits: %s', (telefono, digits) => {
    expect(phoneDigits(telefono)).toHaveLength(digits);
    expect(v.safeParse(clientSchema, { ...valid, telefono }).success).toBe(true);
  });
});

describe('clientListQuerySchema', () => {
  it('reads municipalityId as a number and refuses anything else', () => {
    expect(v.parse(clientListQuerySchema, { municipalityId: '7' })).toEqual({ municipalityId: 7 });
    expect(v.parse(clientListQuerySchema, {})).toEqual({});
    const result = v.safeParse(clientListQuerySchema, { municipalityId: 'x' });
    expect(result.success ? null : result.issues[0].message).toBe(m.municipioInvalido);
  });
});
