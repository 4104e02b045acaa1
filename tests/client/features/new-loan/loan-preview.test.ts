import { describe, expect, test } from 'vitest';
import {
  previewFigures,
  type RenewalSource,
  renewalBalanceOf,
  renewalPreview,
  termsText,
} from '../../../../client/features/new-loan/loan-preview';
import { MENSUAL, SEMANAL } from './fixtures';

const regular = { coordinadora: false, empleado: false };

const renewal: RenewalSource = {
  loanId: 9,
  reference: 'PR-000009',
  abono: 429,
  rows: [
    { monto: 429, pagada: true, renovo: false, parcial: 0 },
    { monto: 429, pagada: false, renovo: false, parcial: 100 },
    { monto: 429, pagada: false, renovo: false, parcial: 0 },
    { monto: 429, pagada: false, renovo: true, parcial: 0 },
  ],
};

describe('cálculo en vivo (docs/producto.md §9)', () => {
  test('el tipo de cliente y sus condiciones', () => {
    expect(termsText({ coordinadora: true, empleado: false }, SEMANAL)).toBe(
      'Cliente coordinadora: 15 % de interés, 14 pagos',
    );
    expect(termsText(regular, MENSUAL)).toBe('Cliente regular: 30 % de interés, 6 pagos');
    expect(termsText({ coordinadora: true, empleado: true }, null)).toBe('Cliente empleado');
  });

  test('monto con interés, abono redondeado, número de pagos y fecha de fin', () => {
    const figures = previewFigures({
      montoCredito: '5000',
      method: SEMANAL,
      clientFlags: regular,
      fechaInicio: '2026-01-05',
      renewal: null,
    });
    expect(figures).toMatchObject({
      interes: 20,
      totalPagos: 14,
      montoConInteres: 600000,
      abono: 42900,
      fechaFin: '2026-04-13',
      saldoAnterior: 0,
      montoEntregado: 500000,
    });
  });

  test('sin modalidad, monto positivo o fecha válida no hay cifras', () => {
    const base = {
      montoCredito: '5000',
      method: SEMANAL,
      clientFlags: regular,
      fechaInicio: '2026-01-05',
      renewal: null,
    };
    expect(previewFigures({ ...base, method: null })).toBeNull();
    expect(previewFigures({ ...base, montoCredito: '0' })).toBeNull();
    expect(previewFigures({ ...base, montoCredito: 'abc' })).toBeNull();
    expect(previewFigures({ ...base, fechaInicio: '' })).toBeNull();
  });

  test('renovación: el saldo que se descuenta y los pagos que cubre; a entregar nunca menos de 0', () => {
    expect(renewalPreview(renewal)).toEqual({ loanId: 9, reference: 'PR-000009', pendingPayments: 2 });
    // (429 − 100) + 429 = 758 pesos.
    expect(renewalBalanceOf(renewal)).toBe(75800);
    const input = { method: SEMANAL, clientFlags: regular, fechaInicio: '2026-01-05', renewal };
    expect(previewFigures({ ...input, montoCredito: '5000' })?.montoEntregado).toBe(500000 - 75800);
    expect(previewFigures({ ...input, montoCredito: '500' })?.montoEntregado).toBe(0);
  });
});
