import { describe, expect, test } from 'vitest';
import { registradoLabel } from '../../../../client/features/cash-counts/cash-counts-texts';

describe("the 'Registrado' total of Cortes de Caja", () => {
  test('says how many counts, singular for one', () => {
    expect(registradoLabel(0)).toBe('Registrado (0 cortes)');
    expect(registradoLabel(1)).toBe('Registrado (1 corte)');
    expect(registradoLabel(2)).toBe('Registrado (2 cortes)');
  });
});
