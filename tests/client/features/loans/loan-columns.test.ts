import { describe, expect, test } from 'vitest';
import { loanColumns } from '../../../../client/features/loans/loan-columns';

describe('the loans table (docs/producto.md §2.6)', () => {
  test('its headers, in order and in correct Spanish', () => {
    expect(loanColumns.map((c) => c.header)).toEqual([
      'Municipio',
      'Grupo',
      'Fecha Inicio',
      'Cliente',
      'Número de pago',
      'Monto crédito',
      'Monto con Interés',
      'Abono',
      'Estado',
    ]);
  });
});
