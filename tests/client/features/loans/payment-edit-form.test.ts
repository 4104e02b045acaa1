import { describe, expect, test } from 'vitest';
import {
  checkEdit,
  initialEditValues,
  partialText,
} from '../../../../client/features/loans/payment-edit-form';
import { row } from './fixtures';

test('valores iniciales: los de la fila, la fecha pagada hoy', () => {
  expect(initialEditValues(row(1), '2026-02-02')).toEqual({
    pagada: false,
    parcial: '0',
    fechaPagada: '2026-02-02',
  });
  expect(initialEditValues(row(1, { parcial: 150.5 }), '2026-02-02').parcial).toBe('150.5');
});

describe('partialText (docs/producto.md §5: lo no numérico es 0)', () => {
  test.each([
    ['', '0'],
    ['   ', '0'],
    ['abc', '0'],
    [' 12.50 ', '12.50'],
    ['-3', '-3'],
  ])('%j → %j', (text, expected) => {
    expect(partialText(text)).toBe(expected);
  });
});

/** The day the office edits the row, and the loan's date. */
const ctx = { today: '2026-02-10', loanStart: '2026-01-05' };

describe('checkEdit con el esquema compartido', () => {
  test('pagado: pagada true, el monto y la fecha en centavos y AAAA-MM-DD', () => {
    expect(checkEdit({ pagada: true, parcial: '0', fechaPagada: '2026-02-02' }, ctx)).toEqual({
      ok: true,
      edit: { pagada: true, parcial: 0, fecha_pagada: '2026-02-02' },
    });
  });
  test('parcial: el monto en centavos, sin pagada', () => {
    expect(checkEdit({ pagada: false, parcial: '150.25', fechaPagada: '' }, ctx)).toEqual({
      ok: true,
      edit: { parcial: 15025, fecha_pagada: null },
    });
  });
  test('no numérico cuenta como 0', () => {
    expect(checkEdit({ pagada: false, parcial: 'xyz', fechaPagada: '2026-02-02' }, ctx)).toMatchObject({
      ok: true,
      edit: { parcial: 0 },
    });
  });
  test.each([
    ['-5', 'El monto debe ser un número mayor o igual a 0'],
    ['1.005', 'El monto admite como máximo dos decimales'],
    ['99999999999', 'El monto es demasiado grande'],
  ])('%s → %s', (parcial, message) => {
    expect(checkEdit({ pagada: false, parcial, fechaPagada: '2026-02-02' }, ctx)).toEqual({
      ok: false,
      message,
    });
  });
  test('la regla de la fecha del pago: ni después de mañana ni antes del préstamo', () => {
    const dated = (fechaPagada: string) => checkEdit({ pagada: true, parcial: '0', fechaPagada }, ctx);
    expect(dated('2026-02-11')).toMatchObject({ ok: true });
    expect(dated('2026-02-12')).toEqual({
      ok: false,
      message: 'La fecha del pago no puede ser posterior a hoy',
    });
    expect(dated('2026-01-05')).toMatchObject({ ok: true });
    expect(dated('2026-01-04')).toEqual({
      ok: false,
      message: 'La fecha del pago no puede ser anterior a la fecha del préstamo',
    });
  });
  test('fecha inválida', () => {
    expect(checkEdit({ pagada: true, parcial: '0', fechaPagada: '2026-02-30' }, ctx)).toEqual({
      ok: false,
      message: 'La fecha pagada no es válida',
    });
  });
});
