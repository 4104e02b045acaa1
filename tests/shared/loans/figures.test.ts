import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../shared/dates';
import { abonoOf, montoConInteresOf } from '../../../shared/loans/calculation';
import { type FiguresRow, loanFigures, nextDue } from '../../../shared/loans/figures';
import { lastRowAmount, paymentDate, rowAmounts } from '../../../shared/loans/schedule';
import { cents } from '../../../shared/money';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';

const c = (pesos: number) => cents(pesos * 100);
const START = '2026-09-02'; // a Wednesday
const loan = {
  monto_con_interes: c(1400),
  fecha_inicio: START,
  fecha_fin: paymentDate(START, 'SEMANAL', 14),
  modalidad_pago: 'SEMANAL' as const,
  total_pagos: 14,
};
/** 14 weekly rows of $100; `received` per row in pesos (missing: 0). */
const rows = (received: number[] = [], renovo: number[] = []): FiguresRow[] =>
  Array.from({ length: 14 }, (_, i) => ({
    numero_pago: i + 1,
    fecha_pago: paymentDate(START, 'SEMANAL', i + 1),
    monto: c(100),
    received: c(received[i] ?? 0),
    renovo: renovo.includes(i + 1),
  }));
const weekAt = (at: IsoDate) => {
  const w = collectionWeekOf('MIERCOLES', at);
  return { start: w.coverageWeek, end: w.coverageWeekEnd };
};

describe('loanFigures', () => {
  // Row k is due on START + 7k: row 8 on 2026-10-28 (a Wednesday).
  const at = '2026-10-29';

  it("up to date: due this week is the week's row; no arrears", () => {
    const f = loanFigures(loan, rows([100, 100, 100, 100, 100, 100, 100]), at, weekAt(at));
    expect(f.dueThisWeek).toBe(c(100));
    expect(f.arrears).toEqual({ rows: 0, amount: 0 });
    expect(f.state).toBe('al_corriente');
    expect(f.outstanding).toBe(c(700));
    expect(f.numPago).toBe(8);
    expect(f.saldoALiquidar).toBe(c(600));
    expect(f.pagoSugerido).toBe(c(100));
  });

  it('behind: due this week adds the arrears, oldest row first; days late from the oldest open row', () => {
    const f = loanFigures(loan, rows([100, 100, 100, 100, 100, 40]), at, weekAt(at));
    expect(f.arrears).toEqual({ rows: 2, amount: c(160) });
    expect(f.dueThisWeek).toBe(c(260));
    expect(f.state).toBe('atrasado');
    expect(f.daysLate).toBe(15);
  });

  it('paid ahead: nothing due this week, still owes', () => {
    const f = loanFigures(loan, rows(Array(10).fill(100)), at, weekAt(at));
    expect(f.dueThisWeek).toBe(0);
    expect(f.pagoSugerido).toBe(0);
    expect(f.outstanding).toBe(c(400));
  });

  it('renewed rows owe nothing and settle the loan', () => {
    const f = loanFigures(
      loan,
      rows([100, 100, 30], [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
      at,
      weekAt(at),
    );
    expect(f.outstanding).toBe(0);
    expect(f.state).toBe('pagado');
    expect(f.received).toBe(c(230));
  });

  it("vencido after the last row's date; saldo a liquidar is 0, never negative, while the debt shows in outstanding", () => {
    const late = addDays(loan.fecha_fin, 20);
    const f = loanFigures(loan, rows(Array(9).fill(100)), late, weekAt(late));
    expect(f.state).toBe('vencido');
    expect(f.saldoALiquidar).toBe(0);
    expect(f.outstanding).toBe(c(500));
    expect(f.dueThisWeek).toBe(c(500));
  });
});

describe("nextDue (the statement's 'Próximo pago')", () => {
  const week = weekAt('2026-10-29'); // row 8 falls due on its first day, 2026-10-28

  it("the week's row while it lacks money, what it lacks; earlier rows are the arrears", () => {
    expect(nextDue(rows([100, 100, 100, 100, 100, 40, 0, 30]), week.start)).toEqual({
      numero_pago: 8,
      fecha_pago: '2026-10-28',
      amount: c(70),
    });
  });

  it('once the week is paid, the next row; none once every row is paid or renewed', () => {
    expect(nextDue(rows(Array(8).fill(100)), week.start)?.numero_pago).toBe(9);
    expect(nextDue(rows(Array(14).fill(100)), week.start)).toBeNull();
    expect(nextDue(rows([100, 100], [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]), week.start)).toBeNull();
  });
});

describe('rowAmounts', () => {
  it.each([
    [5000, 20, 14],
    [1000, 10, 3],
    [3000, 15, 30],
    [12345.67, 12.5, 13],
  ])('monto %d at %d%% in %d rows adds up to monto con interés exactly', (monto, interes, n) => {
    const mci = montoConInteresOf(c(monto), interes);
    const abono = abonoOf(mci, n);
    const amounts = rowAmounts(mci, abono, n);
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(mci);
    expect(amounts.slice(0, -1).every((a) => a === abono)).toBe(true);
    expect(amounts.at(-1)).toBe(lastRowAmount(mci, abono, n));
  });

  it('14 × $429 = $6,006 of a $6,000 loan: the last row is $423', () => {
    expect(rowAmounts(c(6000), c(429), 14).at(-1)).toBe(c(423));
  });
});
