import { describe, expect, it } from 'vitest';
import {
  type Cents,
  formatCents,
  formatMoney,
  sumCents,
  toCents,
  toNumericText,
  toPesos,
} from '../../shared/money';

describe('toCents', () => {
  it.each([
    ['1,234.56', 123456],
    ['1234.5', 123450],
    ['$ 1,000', 100000],
    ['0.005', 1],
    ['0.004', 0],
    ['-0.005', -1],
    ['86', 8600],
    ['  42.10 ', 4210],
    [1234.5, 123450],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [-2.5, -250],
    [0, 0],
  ] as const)('%j → %j centavos', (input, expected) => {
    expect(toCents(input)).toBe(expected);
  });

  it.each([
    ['abc'],
    [''],
    ['1.2.3'],
    ['12a'],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ] as const)('%j → null', (input) => {
    expect(toCents(input)).toBeNull();
  });

  it('agrees for a number and its text', () => {
    for (const value of [0.005, 1.005, 2.675, 10.125, 1234.565, 99.995]) {
      expect(toCents(value)).toBe(toCents(String(value)));
    }
  });
});

describe('toPesos / toNumericText / sumCents', () => {
  it.each([
    [123456, 1234.56, '1234.56'],
    [5, 0.05, '0.05'],
    [0, 0, '0.00'],
    [-250, -2.5, '-2.50'],
  ] as const)('%i centavos', (value, pesos, text) => {
    expect(toPesos(value as Cents)).toBe(pesos);
    expect(toNumericText(value as Cents)).toBe(text);
  });

  it('sums centavos exactly', () => {
    expect(sumCents([10, 20, 30_000_01] as Cents[])).toBe(30_000_31);
  });
});

describe('formatMoney', () => {
  it.each([
    [null, '$0.00'],
    [undefined, '$0.00'],
    ['', '$0.00'],
    ['x', '$0.00'],
    [Number.NaN, '$0.00'],
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    ['1234.5', '$1,234.50'],
    ['1,234.50', '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [-5, '-$5.00'],
  ] as const)('%j → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('formats centavos', () => {
    expect(formatCents(123450 as Cents)).toBe('$1,234.50');
    expect(formatCents(null)).toBe('$0.00');
  });
});
