import { describe, expect, it } from 'vitest';
import {
  type ClientType,
  clientTypeOf,
  type PaymentMethodTerms,
  termsFor,
} from '../../../shared/loans/terms';

const semanal: PaymentMethodTerms = {
  interes: 20,
  total_pagos: 14,
  interes_coordinadora: 15,
  total_pagos_coordinadora: 12,
  interes_empleado: 10,
  total_pagos_empleado: 10,
};

describe('termsFor', () => {
  it.each([
    ['regular', { interes: 20, totalPagos: 14 }],
    ['coordinadora', { interes: 15, totalPagos: 12 }],
    ['empleado', { interes: 10, totalPagos: 10 }],
  ] as [ClientType, object][])('%s', (type, expected) => {
    expect(termsFor(semanal, type)).toEqual(expected);
  });
});

describe('clientTypeOf', () => {
  it.each([
    [{ coordinadora: false, empleado: false }, 'regular'],
    [{ coordinadora: true, empleado: false }, 'coordinadora'],
    [{ coordinadora: false, empleado: true }, 'empleado'],
    // Documented choice: employee terms win over coordinadora terms.
    [{ coordinadora: true, empleado: true }, 'empleado'],
  ] as const)('%j → %s', (client, expected) => {
    expect(clientTypeOf(client)).toBe(expected);
  });
});
