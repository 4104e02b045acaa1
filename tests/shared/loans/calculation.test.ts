import { describe, expect, it } from 'vitest';
import { abonoOf, calculateLoan, montoConInteresOf } from '../../../shared/loans/calculation';
import {
  type ClientType,
  type ModalidadPago,
  type PaymentMethodTerms,
  termsFor,
} from '../../../shared/loans/terms';
import { toCents } from '../../../shared/money';

const c = (pesos: number | string) => toCents(pesos)!;

const METHODS: Record<ModalidadPago, PaymentMethodTerms> = {
  DIARIO: {
    interes: 15,
    total_pagos: 30,
    interes_coordinadora: 12,
    total_pagos_coordinadora: 30,
    interes_empleado: 8,
    total_pagos_empleado: 30,
  },
  SEMANAL: {
    interes: 20,
    total_pagos: 14,
    interes_coordinadora: 15,
    total_pagos_coordinadora: 14,
    interes_empleado: 10,
    total_pagos_empleado: 14,
  },
  QUINCENAL: {
    interes: 25,
    total_pagos: 8,
    interes_coordinadora: 20,
    total_pagos_coordinadora: 8,
    interes_empleado: 12,
    total_pagos_empleado: 8,
  },
  MENSUAL: {
    interes: 30,
    total_pagos: 6,
    interes_coordinadora: 25,
    total_pagos_coordinadora: 6,
    interes_empleado: 15,
    total_pagos_empleado: 6,
  },
};

describe('calculateLoan for each payment mode × client type (monto $5,000)', () => {
  // [modalidad, tipo, monto con interés, abono] — abono rounded to whole pesos.
  it.each([
    ['DIARIO', 'regular', '5750', '192'],
    ['DIARIO', 'coordinadora', '5600', '187'],
    ['DIARIO', 'empleado', '5400', '180'],
    ['SEMANAL', 'regular', '6000', '429'],
    ['SEMANAL', 'coordinadora', '5750', '411'],
    ['SEMANAL', 'empleado', '5500', '393'],
    ['QUINCENAL', 'regular', '6250', '781'],
    ['QUINCENAL', 'coordinadora', '6000', '750'],
    ['QUINCENAL', 'empleado', '5600', '700'],
    ['MENSUAL', 'regular', '6500', '1083'],
    ['MENSUAL', 'coordinadora', '6250', '1042'],
    ['MENSUAL', 'empleado', '5750', '958'],
  ] as [ModalidadPago, ClientType, string, string][])('%s %s', (modalidad, type, conInteres, abono) => {
    const terms = termsFor(METHODS[modalidad], type);
    const result = calculateLoan({ montoCredito: c(5000), ...terms });
    expect(result).toEqual({ montoConInteres: c(conInteres), abono: c(abono), montoEntregado: c(5000) });
  });
});

describe('rounding', () => {
  it.each([
    // [monto, interés %, pagos, monto con interés, abono]
    ['1000', 20, 14, '1200', '86'], // 85.714… → 86
    ['1000', 15, 14, '1150', '82'], // 82.142… → 82
    ['1050', 0, 4, '1050', '263'], // 262.50 → 263 (half up)
    ['1234.57', 12.5, 14, '1388.89', '99'], // 1388.89125 → 1388.89; 99.206… → 99
    ['100.10', 15, 1, '115.12', '115'], // 115.115 → 115.12 (a float multiply gives 115.11)
    ['333.33', 15, 3, '383.33', '128'], // 383.3295 → 383.33; 127.776… → 128
    ['30000', 20, 14, '36000', '2571'], // 2571.43 → 2571
    ['2500', 20, 14, '3000', '214'], // 214.285… → 214
    ['0.01', 0, 1, '0.01', '0'], // less than half a peso rounds to 0
  ] as const)('%s at %s%% over %i', (monto, interes, pagos, conInteres, abono) => {
    expect(montoConInteresOf(c(monto), interes)).toBe(c(conInteres));
    expect(abonoOf(c(conInteres), pagos)).toBe(c(abono));
  });

  it('refuses a non-positive number of payments', () => {
    expect(() => abonoOf(c(100), 0)).toThrow(RangeError);
    expect(() => abonoOf(c(100), 1.5)).toThrow(RangeError);
  });
});

describe('renewal', () => {
  it.each([
    ['5000', '344', '4656'],
    ['5000', '0', '5000'],
    ['1000', '1500', '0'], // never below 0
    ['1000', '1000', '0'],
  ] as const)('monto %s − saldo %s = entregado %s', (monto, saldo, entregado) => {
    const result = calculateLoan({
      montoCredito: c(monto),
      interes: 20,
      totalPagos: 14,
      saldoPendienteAnterior: c(saldo),
    });
    expect(result.montoEntregado).toBe(c(entregado));
  });
});
