import { describe, expect, test } from 'vitest';
import { addDays } from '../../../shared/dates';
import { type Cents, toCents } from '../../../shared/money';
import { type SheetRow, snapshotLoan, summaryRowOf } from '../../../shared/sheets/amounts';
import { sheetState } from '../../../shared/sheets/state';

const c = (pesos: number) => toCents(pesos)! as Cents;
/** Rows of $600 due 04, 11, 18, 25/11 …; `received` in pesos. */
const rows = (...states: { received?: number; renovo?: boolean; monto?: number }[]): SheetRow[] =>
  states.map((s, i) => ({
    id: i + 1,
    numero_pago: i + 1,
    fecha_pago: addDays('2026-11-04', 7 * i),
    monto: c(s.monto ?? 600),
    received: c(s.received ?? 0),
    renovo: s.renovo ?? false,
  }));
const loanOf = (n: number, monto: number) => ({
  monto_con_interes: c(monto),
  fecha_inicio: '2026-10-28',
  fecha_fin: `2026-${n > 4 ? '12' : '11'}-01`,
  modalidad_pago: 'SEMANAL' as const,
  total_pagos: n,
});
const week = { start: '2026-11-25', end: '2026-12-01' };

describe('lo que toma una hoja de cada préstamo', () => {
  // Rows due 04, 11, 18, 25/11 and two more; the week 25/11–01/12.
  const schedule = rows({ received: 600 }, { received: 100 }, {}, {}, {}, { monto: 597 });

  test('la fila de la semana, los atrasos, A COBRAR, ADEUDO y el saldo a liquidar', () => {
    expect(snapshotLoan(loanOf(6, 3597), schedule, '2026-11-25', week)).toEqual({
      amortizationId: 4,
      arrearsIds: [2, 3],
      expected: c(500 + 600 + 600),
      adeudo: c(500 + 600 + 600 + 600 + 597),
      saldoALiquidar: c(3597 - 4 * 600),
      receivedBefore: c(700),
    });
    expect(
      snapshotLoan(loanOf(2, 1200), rows({ received: 600 }, { renovo: true }), '2026-11-25', week),
    ).toBeNull();
  });

  test('la fila del Resumen es la más antigua sin pagar hasta el fin de la semana', () => {
    const stored = [
      { id: 1, numero_pago: 1, fecha_pago: '2026-11-04', pagada: true, renovo: false },
      { id: 2, numero_pago: 2, fecha_pago: '2026-11-11', pagada: false, renovo: false },
      { id: 3, numero_pago: 3, fecha_pago: '2026-11-18', pagada: false, renovo: false },
    ];
    expect(summaryRowOf(stored, '2026-11-24', '2026-12-01')?.numero_pago).toBe(2);
    expect(summaryRowOf(stored.slice(0, 2), '2026-11-01', '2026-11-08')).toBeNull();
  });

  test('el icono de estado (docs/producto.md §4)', () => {
    expect(sheetState({ processed: false, log: {} })).toBe('pendiente');
    expect(sheetState({ processed: true, log: { errors: [], warnings: [] } })).toBe('procesada');
    expect(
      sheetState({
        processed: true,
        log: { warnings: [{ loan_id: 1, loan_reference: 'x', client_nombre: 'y', message: 'z' }] },
      }),
    ).toBe('advertencias');
    expect(
      sheetState({
        processed: true,
        log: { errors: [{ loan_id: 1, loan_reference: 'x', client_nombre: 'y', message: 'z' }] },
      }),
    ).toBe('errores');
  });
});
