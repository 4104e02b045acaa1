import { describe, expect, test } from 'vitest';
import {
  addGuarantee,
  emptyDraft,
  parseDraft,
  removeGuarantee,
} from '../../../../client/features/new-loan/new-loan-draft';

describe('borrador del formulario', () => {
  test('empieza con 2 garantías; se agregan hasta 5 y se quitan hasta 2', () => {
    const start = emptyDraft().garantias;
    expect(start).toEqual(['', '']);
    expect(removeGuarantee(start, 0)).toEqual(['', '']);
    let rows = start;
    for (let i = 0; i < 6; i++) rows = addGuarantee(rows);
    expect(rows).toHaveLength(5);
    expect(removeGuarantee(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  test('un borrador guardado se recupera tal cual', () => {
    const draft = { ...emptyDraft(), clientId: 4, montoCredito: '2500', fechaInicio: '2026-01-05' };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  test.each([
    ['vacío', null],
    ['no es JSON', '{'],
    ['otra forma', JSON.stringify({ a: 1 })],
    ['6 garantías', JSON.stringify({ ...emptyDraft(), garantias: ['1', '2', '3', '4', '5', '6'] })],
    ['cliente no entero', JSON.stringify({ ...emptyDraft(), clientId: 'x' })],
  ])('se descarta: %s', (_, stored) => {
    expect(parseDraft(stored)).toBeNull();
  });
});
