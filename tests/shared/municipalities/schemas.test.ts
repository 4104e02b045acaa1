import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToDetails } from '../../../server/http/validate';
import { municipalityMessages as m } from '../../../shared/municipalities/messages';
import {
  COLLECTION_DAY_LABELS,
  COLLECTION_DAYS,
  municipalityListQuerySchema,
  municipalitySchema,
  municipalityUpdateSchema,
} from '../../../shared/municipalities/schemas';

const detailsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToDetails(result.issues);
};

describe('municipalitySchema', () => {
  it('accepts a name and a collection day, normalising the day', () => {
    expect(v.parse(municipalitySchema, { name: ' Tlalpan ', collection_day: ' martes ' })).toEqual({
      name: 'Tlalpan',
      collection_day: 'MARTES',
    });
  });

  it.each([
    ['missing name', { collection_day: 'LUNES' }, 'name', m.nombreRequerido],
    ['blank name', { name: '  ', collection_day: 'LUNES' }, 'name', m.nombreRequerido],
    ['missing day', { name: 'Tlalpan' }, 'collection_day', m.diaRequerido],
    ['blank day', { name: 'Tlalpan', collection_day: '' }, 'collection_day', m.diaRequerido],
    ['weekend day', { name: 'Tlalpan', collection_day: 'SABADO' }, 'collection_day', m.diaRequerido],
    ['day not text', { name: 'Tlalpan', collection_day: 3 }, 'collection_day', m.diaRequerido],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(municipalitySchema, input)[field]).toBe(message);
  });

  it('labels the five collection days in Spanish', () => {
    expect(COLLECTION_DAYS.map((day) => COLLECTION_DAY_LABELS[day])).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
    ]);
  });
});

describe('municipalityUpdateSchema', () => {
  it('accepts the soft delete alone, or the edit form', () => {
    expect(v.parse(municipalityUpdateSchema, { delete: true })).toEqual({ delete: true });
    expect(v.parse(municipalityUpdateSchema, { name: 'Xochimilco', collection_day: 'VIERNES' })).toEqual({
      name: 'Xochimilco',
      collection_day: 'VIERNES',
    });
  });

  it.each([
    ['blank name', { name: '' }, 'name', m.nombreRequerido],
    ['bad day', { collection_day: 'DOMINGO' }, 'collection_day', m.diaRequerido],
    ['delete not boolean', { delete: 'si' }, 'delete', m.deleteInvalido],
    ['nothing to change', {}, '_', m.sinCambios],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(municipalityUpdateSchema, input)[field]).toBe(message);
  });
});

describe('municipalityListQuerySchema', () => {
  it('defaults to the live municipalities (delete=false)', () => {
    expect(v.parse(municipalityListQuerySchema, {})).toEqual({ delete: false });
    expect(v.parse(municipalityListQuerySchema, { delete: 'true' })).toEqual({ delete: true });
    expect(detailsOf(municipalityListQuerySchema, { delete: 'yes' }).delete).toBe(m.filtroDeleteInvalido);
  });
});
