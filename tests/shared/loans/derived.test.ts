import { describe, expect, it } from 'vitest';
import {
  amortizationStatus,
  arrearsCount,
  type DerivedRow,
  deriveLoanState,
  loanStatus,
  overdueCount,
  pendingCount,
} from '../../../shared/loans/derived';
import { buildSchedule } from '../../../shared/loans/schedule';

// A 4-week loan started Monday 2026-11-02: rows due 11-09, 11-16, 11-23, 11-30.
const schedule = buildSchedule({
  fechaInicio: '2026-11-02',
  totalPagos: 4,
  modalidad: 'SEMANAL',
  loanReference: 'PR-1',
});
const rows = (states: string): DerivedRow[] =>
  schedule.rows.map((r, i) => ({
    fecha_pago: r.fecha_pago,
    pagada: states[i] === 'P',
    renovo: states[i] === 'R',
  }));

describe('deriveLoanState', () => {
  it.each([
    // [estados por fila: P pagada, R renovada, - pendiente], hoy, {pagada, numPago, vencido}
    ['----', '2026-11-02', { pagada: false, numPago: 0, vencido: false }],
    ['----', '2026-11-08', { pagada: false, numPago: 0, vencido: false }],
    ['----', '2026-11-09', { pagada: false, numPago: 1, vencido: false }],
    ['P---', '2026-11-17', { pagada: false, numPago: 2, vencido: false }],
    ['PP--', '2026-11-30', { pagada: false, numPago: 4, vencido: false }],
    ['PP--', '2026-12-01', { pagada: false, numPago: 4, vencido: true }],
    ['PPPP', '2026-12-01', { pagada: true, numPago: 4, vencido: false }],
    ['PPPP', '2026-11-20', { pagada: true, numPago: 2, vencido: false }],
    ['PRRR', '2026-11-10', { pagada: true, numPago: 1, vencido: false }],
    ['PRR-', '2027-01-01', { pagada: false, numPago: 4, vencido: true }],
  ] as const)('%s on %s', (states, today, expected) => {
    expect(deriveLoanState(rows(states), 4, schedule.fechaFin, today)).toEqual(expected);
  });

  it('caps num_pago at total_pagos', () => {
    expect(deriveLoanState(rows('----'), 3, schedule.fechaFin, '2027-01-01').numPago).toBe(3);
  });

  it('treats a loan without rows as not paid', () => {
    expect(deriveLoanState([], 4, '2026-11-30', '2026-11-10')).toEqual({
      pagada: false,
      numPago: 0,
      vencido: false,
    });
  });
});

describe('loanStatus / pendingCount / overdueCount', () => {
  it.each([
    [{ pagada: true, vencido: false, total_pagos: 14, num_pago: 5 }, 'Pagado', 0, 0],
    [{ pagada: false, vencido: true, total_pagos: 14, num_pago: 12 }, 'Vencido', 2, 2],
    [{ pagada: false, vencido: true, total_pagos: 14, num_pago: 14 }, 'Vencido', 0, 0],
    [{ pagada: false, vencido: false, total_pagos: 14, num_pago: 5 }, 'Activo', 9, 0],
    [{ pagada: false, vencido: false, total_pagos: 14, num_pago: 0 }, 'Activo', 14, 0],
  ] as const)('%j', (loan, status, pending, overdue) => {
    expect(loanStatus(loan)).toBe(status);
    expect(pendingCount(loan)).toBe(pending);
    expect(overdueCount(loan)).toBe(overdue);
  });
});

describe('arrearsCount', () => {
  it.each([
    ['----', '2026-11-09', 0], // due today is not late yet
    ['----', '2026-11-10', 1],
    ['P---', '2026-11-24', 2],
    ['PRRR', '2027-01-01', 0],
    ['P-P-', '2027-01-01', 2],
  ] as const)('%s on %s → %i', (states, today, expected) => {
    expect(arrearsCount(rows(states), today)).toBe(expected);
  });
});

describe('amortizationStatus (docs/producto.md §4 order)', () => {
  it.each([
    [{ renovo: true, pagada: false, parcial: 0 }, 'Renovado'],
    [{ renovo: true, pagada: false, parcial: 50 }, 'Renovado'],
    [{ renovo: false, pagada: true, parcial: 0 }, 'Pagado'],
    [{ renovo: false, pagada: true, parcial: 30 }, 'Pagado'],
    [{ renovo: false, pagada: false, parcial: 0.5 }, 'Parcial'],
    [{ renovo: false, pagada: false, parcial: 0 }, 'Pendiente'],
  ] as const)('%j → %s', (row, expected) => {
    expect(amortizationStatus(row)).toBe(expected);
  });
});
