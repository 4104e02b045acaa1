import { describe, expect, test } from 'vitest';
import { CELL_STYLES } from '../../../../client/features/loan-history/cell-styles';
import {
  compactMoney,
  HISTORY_PAYMENT_COLUMNS,
  historyCell,
  historyCells,
} from '../../../../client/features/loan-history/history-cell';

const row = (
  numero_pago: number,
  state: Partial<{ renovo: boolean; pagada: boolean; parcial: number }> = {},
) => ({
  numero_pago,
  renovo: false,
  pagada: false,
  parcial: 0,
  ...state,
});

describe('the style of a payment cell (docs/producto.md §2, checked in docs/producto.md §4 order)', () => {
  test.each([
    [
      'renovado aunque esté pagado',
      { renovo: true, pagada: true, parcial: 50 },
      'renewed',
      'Pago 3: Renovado',
    ],
    ['pagado aunque tenga parcial', { pagada: true, parcial: 50 }, 'paid', 'Pago 3: Pagado'],
    ['parcial con su monto', { parcial: 150.5 }, 'partial', 'Pago 3: Parcial $150.50'],
    ['sin pagar', {}, 'unpaid', 'Pago 3: No pagado'],
    ['parcial en cero es no pagado', { parcial: 0 }, 'unpaid', 'Pago 3: No pagado'],
  ] as const)('%s', (_, state, kind, label) => {
    const cell = historyCell(3, row(3, state));
    expect(cell.kind).toBe(kind);
    expect(cell.label).toBe(label);
    expect(cell.amount).toBe(kind === 'partial' ? 150.5 : null);
  });

  test('an unpaid row not yet due is upcoming (neutral), not a red ✗ (issue 12)', () => {
    const today = '2026-11-24';
    const future = { ...row(5), fecha_pago: '2026-11-30' };
    const due = { ...row(4), fecha_pago: '2026-11-23' };
    expect(historyCell(5, future, today)).toMatchObject({ kind: 'upcoming', label: 'Pago 5: Por vencer' });
    expect(historyCell(4, due, today).kind).toBe('unpaid');
    expect(historyCell(5, { ...future, parcial: 20 }, today).kind).toBe('partial');
    expect(
      historyCells([future, due], today)
        .slice(3, 5)
        .map((c) => c.kind),
    ).toEqual(['unpaid', 'upcoming']);
    expect(CELL_STYLES.upcoming.bg).not.toMatch(/^red\./);
  });

  test('a payment number the loan does not have is absent (grey)', () => {
    expect(historyCell(13, undefined)).toEqual({
      numero: 13,
      kind: 'absent',
      amount: null,
      label: 'Pago 13: Sin pago',
    });
  });

  test('always 14 cells, by payment number whatever the rows’ order; rows past 14 are not shown', () => {
    const rows = [row(2, { pagada: true }), row(1, { renovo: true }), row(15, { pagada: true })];
    const cells = historyCells(rows);
    expect(cells).toHaveLength(HISTORY_PAYMENT_COLUMNS);
    expect(cells.map((c) => c.kind)).toEqual(['renewed', 'paid', ...Array(12).fill('absent')]);
    expect(cells.map((c) => c.numero)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  test('each state has its own colour: blue, green, yellow, red, grey', () => {
    expect(CELL_STYLES.renewed.bg).toMatch(/^blue\./);
    expect(CELL_STYLES.paid.bg).toMatch(/^green\./);
    expect(CELL_STYLES.partial.bg).toMatch(/^yellow\./);
    expect(CELL_STYLES.unpaid.bg).toMatch(/^red\./);
    expect(CELL_STYLES.absent.bg).toMatch(/^gray\./);
  });

  test('a partial amount is short in the cell: whole pesos without cents', () => {
    expect(compactMoney(150)).toBe('$150');
    expect(compactMoney(1029)).toBe('$1,029');
    expect(compactMoney(150.5)).toBe('$150.50');
  });
});
