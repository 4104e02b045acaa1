import { describe, expect, test } from 'vitest';
import { loanFigures, paymentSummary, rowSyncStates } from '../../../../client/features/loans/loan-figures';
import { loan, row } from './fixtures';

describe('paymentSummary (docs/producto.md §4)', () => {
  test('total, pagados, pendientes = total − pagados, renovaciones, parciales (parcial > 0)', () => {
    const rows = [
      row(1, { pagada: true }),
      row(2, { pagada: true }),
      row(3, { parcial: 100 }),
      row(4),
      row(5, { renovo: true }),
    ];
    expect(paymentSummary(rows)).toEqual({
      total: 5,
      pagados: 2,
      pendientes: 3,
      renovaciones: 1,
      parciales: 1,
    });
    expect(paymentSummary([])).toEqual({
      total: 0,
      pagados: 0,
      pendientes: 0,
      renovaciones: 0,
      parciales: 0,
    });
  });
});

describe('loanFigures', () => {
  const rows = Array.from({ length: 14 }, (_, i) => row(i + 1));
  test('al día: pago actual, pendientes, atrasos y los dos saldos', () => {
    const paid = rows.map((r) => (r.numero_pago <= 2 ? { ...r, pagada: true } : r));
    paid[2] = { ...paid[2]!, parcial: 100 };
    // 2026-02-02: four dates reached (12 Jan … 2 Feb); rows 1–2 paid, 3 partial, 4 due today (not late yet).
    const f = loanFigures(loan(1), paid, '2026-02-02');
    expect(f).toMatchObject({
      numPago: 4,
      vencido: false,
      status: 'Activo',
      pending: 10,
      overdue: 0,
      arrears: 1,
    });
    expect(f.saldoALiquidar).toBe(6000_00 - 4 * 429_00);
    expect(f.outstanding).toBe(6000_00 - 2 * 429_00 - 100_00);
  });
  test('vencido: docs/producto.md §4 cuenta 0 vencidos (num_pago = total), los atrasos sí cuentan', () => {
    const f = loanFigures(loan(1), rows, '2026-05-01');
    expect(f).toMatchObject({ vencido: true, status: 'Vencido', pending: 0, overdue: 0, arrears: 14 });
    expect(f.saldoALiquidar).toBe(0);
  });
  test('pagado', () => {
    const all = rows.map((r) => ({ ...r, pagada: true }));
    expect(loanFigures(loan(1, { pagada: true }), all, '2026-05-01')).toMatchObject({
      status: 'Pagado',
      vencido: false,
      outstanding: 0,
    });
  });
});

describe('rowSyncStates', () => {
  test('pendiente si alguna entrada pendiente toca la fila; motivo si la última fue rechazada', () => {
    const states = rowSyncStates([
      { id: 3, status: 'pending', amortizationIds: [101, 102] },
      { id: 1, status: 'rejected', reason: 'Esta amortización ya fue pagada', amortizationIds: [103] },
      { id: 2, status: 'synced', amortizationIds: [101] },
      { id: 4, status: 'rejected', reason: 'No', amortizationIds: [104] },
      { id: 5, status: 'synced', amortizationIds: [104] },
    ]);
    expect(states.get(101)).toEqual({ pending: true, rejectedReason: null });
    expect(states.get(102)).toEqual({ pending: true, rejectedReason: null });
    expect(states.get(103)).toEqual({ pending: false, rejectedReason: 'Esta amortización ya fue pagada' });
    expect(states.get(104)).toEqual({ pending: false, rejectedReason: null });
    expect(states.get(105)).toBeUndefined();
  });
});
