import { describe, expect, it } from 'vitest';
import { type Cents, toCents } from '../../../shared/money';
import { allocatePayment, type PaymentEdit, type PaymentRow } from '../../../shared/payments/allocate';

const TODAY = '2026-11-18';
const ABONO = toCents(100)!;
const c = (pesos: number) => toCents(pesos)! as Cents;

/** Rows from a compact spec: 'P' paid, 'R' renewed, '-' pending, a number: pending with that partial. */
const loan = (...spec: (string | number)[]): PaymentRow[] =>
  spec.map((s, i) => ({
    id: 100 + i + 1,
    numero_pago: i + 1,
    pagada: s === 'P',
    renovo: s === 'R',
    parcial: c(typeof s === 'number' ? s : 0),
    fecha_pagada: s === 'P' ? '2026-11-01' : typeof s === 'number' && s > 0 ? '2026-11-02' : null,
  }));

/** The changed rows as [numero_pago, pagada, parcial in pesos, fecha_pagada]. */
const changed = (rows: PaymentRow[]) =>
  rows.map((r) => [r.numero_pago, r.pagada, r.parcial / 100, r.fecha_pagada] as const);

describe('allocatePayment', () => {
  it.each<[string, (string | number)[], number, PaymentEdit, unknown[]]>([
    ['pagada marks the row paid today', ['-', '-'], 1, { pagada: true }, [[1, true, 0, TODAY]]],
    [
      'pagada on the given date',
      ['-'],
      1,
      { pagada: true, fechaPagada: '2026-11-10' },
      [[1, true, 0, '2026-11-10']],
    ],
    [
      'pagada clears a partial amount (a paid row counts as one abono)',
      [40, '-'],
      1,
      { pagada: true },
      [[1, true, 0, TODAY]],
    ],
    ['a partial below abono', ['-', '-'], 1, { parcial: c(50) }, [[1, false, 50, TODAY]]],
    ['a partial corrected down keeps its date', [70], 1, { parcial: c(30) }, [[1, false, 30, TODAY]]],
    ['a partial set to 0 clears the date', [70], 1, { parcial: c(0) }, [[1, false, 0, null]]],
    ['exactly abono marks paid', ['-', '-'], 1, { parcial: c(100) }, [[1, true, 0, TODAY]]],
    [
      'pagada: false with abono still pays (the amount decides)',
      ['-'],
      1,
      { pagada: false, parcial: c(100) },
      [[1, true, 0, TODAY]],
    ],
    [
      'two and a half weeks at once',
      ['-', '-', '-', '-'],
      1,
      { parcial: c(250), fechaPagada: '2026-11-16' },
      [
        [1, true, 0, '2026-11-16'],
        [2, true, 0, '2026-11-16'],
        [3, false, 50, '2026-11-16'],
      ],
    ],
    [
      'the excess skips paid and renewed rows',
      ['-', 'P', 'R', '-', '-'],
      1,
      { parcial: c(180) },
      [
        [1, true, 0, TODAY],
        [4, false, 80, TODAY],
      ],
    ],
    [
      'a following partial row takes only what it lacks',
      ['-', 70, '-'],
      1,
      { parcial: c(150) },
      [
        [1, true, 0, TODAY],
        [2, true, 0, TODAY],
        [3, false, 20, TODAY],
      ],
    ],
    [
      'the excess never goes to earlier rows',
      ['-', '-', '-'],
      2,
      { parcial: c(150) },
      [
        [2, true, 0, TODAY],
        [3, false, 50, TODAY],
      ],
    ],
    [
      'pagada with an amount over abono carries the excess',
      ['-', '-'],
      1,
      { pagada: true, parcial: c(180) },
      [
        [1, true, 0, TODAY],
        [2, false, 80, TODAY],
      ],
    ],
    [
      'pagada with an amount under abono pays the row, no excess',
      ['-', '-'],
      1,
      { pagada: true, parcial: c(50) },
      [[1, true, 0, TODAY]],
    ],
    [
      'the last row paid exactly with what was owed',
      ['P', '-', 30],
      2,
      { parcial: c(170) },
      [
        [2, true, 0, TODAY],
        [3, true, 0, TODAY],
      ],
    ],
    [
      'a date alone moves a partial payment',
      [40],
      1,
      { fechaPagada: '2026-11-05' },
      [[1, false, 40, '2026-11-05']],
    ],
    ['a date alone on a row without money changes nothing', ['-'], 1, { fechaPagada: '2026-11-05' }, []],
    ['the same partial again changes nothing', [40], 1, { parcial: c(40), fechaPagada: '2026-11-02' }, []],
    ['pagada: false alone changes nothing', ['-'], 1, { pagada: false }, []],
  ])('%s', (_name, spec, numero, edit, expected) => {
    const rows = loan(...spec);
    const result = allocatePayment(rows, ABONO, 100 + numero, edit, TODAY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(changed(result.rows)).toEqual(expected);
  });

  it.each<[string, (string | number)[], number, PaymentEdit, unknown]>([
    ['a paid row is locked', ['P', '-'], 1, { parcial: c(10) }, { kind: 'paid' }],
    ['unchecking a paid row is refused', ['P'], 1, { pagada: false }, { kind: 'paid' }],
    ['a renewed row is locked', ['R', '-'], 1, { pagada: true }, { kind: 'renewed' }],
    ['a row of another loan is not found', ['-'], 9, { pagada: true }, { kind: 'not-found' }],
    [
      'money beyond the last row is refused, not lost',
      ['-', '-'],
      1,
      { parcial: c(250) },
      { kind: 'excess', excess: c(50) },
    ],
    [
      'excess counts what partial rows still lack',
      ['-', 60],
      1,
      { parcial: c(150) },
      { kind: 'excess', excess: c(10) },
    ],
    ['excess from the last row', ['P', '-'], 2, { parcial: c(100.01) }, { kind: 'excess', excess: c(0.01) }],
  ])('%s', (_name, spec, numero, edit, refusal) => {
    expect(allocatePayment(loan(...spec), ABONO, 100 + numero, edit, TODAY)).toEqual({ ok: false, refusal });
  });

  it('does not depend on the order rows are given in', () => {
    const rows = loan('-', '-', '-').reverse();
    const result = allocatePayment(rows, ABONO, 101, { parcial: c(210) }, TODAY);
    expect(result.ok && changed(result.rows)).toEqual([
      [1, true, 0, TODAY],
      [2, true, 0, TODAY],
      [3, false, 10, TODAY],
    ]);
  });

  it('conserves money: what the rows gained equals the amount given (the target’s old partial is replaced)', () => {
    for (let amount = 0; amount <= 40_000; amount += 1_337) {
      const rows = loan('-', 25, 'P', '-', 'R', '-');
      const result = allocatePayment(rows, ABONO, 101, { parcial: c(amount / 100) }, TODAY);
      const worth = (r: PaymentRow) => (r.renovo ? 0 : r.pagada ? ABONO : r.parcial);
      const owed = 100 + 75 + 100 + 100;
      if (amount / 100 > owed) {
        expect(result.ok).toBe(false);
        continue;
      }
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const gained = result.rows.reduce((sum, r) => {
        const before = rows.find((x) => x.id === r.id)!;
        return sum + worth(r) - (r.id === 101 ? 0 : worth(before));
      }, 0);
      expect(gained).toBe(amount);
    }
  });
});
