import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../../shared/accounts/messages';
import { accountSchema } from '../../../shared/accounts/schemas';
import { optionalId, parseSelectId, requiredId } from '../../../shared/validation/ids';

describe('accountSchema', () => {
  it('accepts a trimmed name', () => {
    expect(v.parse(accountSchema, { name: ' Créditos del Sur ' })).toEqual({ name: 'Créditos del Sur' });
  });

  it.each([{}, { name: '' }, { name: '  ' }, { name: null }, { name: 5 }])('%j → %s', (input) => {
    const result = v.safeParse(accountSchema, input);
    expect(result.success ? null : result.issues[0].message).toBe(m.nombreRequerido);
  });
});

describe('select ids', () => {
  it.each([
    [7, 7],
    ['7', 7],
    [' 12 ', 12],
    [0, Number.NaN],
    [-3, Number.NaN],
    [2.5, Number.NaN],
    ['1e3', Number.NaN],
    ['9999999999999999', Number.NaN],
    [true, Number.NaN],
    [{}, Number.NaN],
  ])('parseSelectId(%j) → %s', (value, expected) => {
    expect(parseSelectId(value)).toBe(expected);
  });

  it('a required id refuses empty values with its message; an optional one turns them into null', () => {
    const required = v.object({ id: requiredId('Falta') });
    const optional = v.object({ id: optionalId('Malo') });
    expect(v.safeParse(required, {}).issues?.[0]?.message).toBe('Falta');
    expect(v.safeParse(required, { id: '' }).issues?.[0]?.message).toBe('Falta');
    expect(v.parse(optional, {})).toEqual({ id: null });
    expect(v.parse(optional, { id: '' })).toEqual({ id: null });
    expect(v.safeParse(optional, { id: 'x' }).issues?.[0]?.message).toBe('Malo');
  });
});
