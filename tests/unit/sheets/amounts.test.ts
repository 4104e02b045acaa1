import { describe, expect, test } from 'vitest';
import { type Cents, toCents } from '../../../shared/money';
import { collectedSince, type SheetRow, snapshotLoan, summaryRowOf } from '../../../shared/sheets/amounts';
import { sheetState } from '../../../shared/sheets/state';

const c = (pesos: number) => toCents(pesos)! as Cents;
const rows = (...states: Partial<SheetRow>[]): SheetRow[] =>
  states.map((s, i) => ({
    id: i + 1,
    numero_pago: i + 1,
    fecha_pago: `2026-11-${String(4 + 7 * i).padStart(2, '0')}`,
    pagada: false,
    renovo: false,
    parcial: 0,
    ...s,
  }));

describe('lo que espera y lo que cobró una hoja', () => {
  // Rows due 04, 11, 18, 25/11; the week 25/11–01/12.
  const loan = rows({ pagada: true }, { parcial: 100 }, {}, {});

  test('la fila de la semana, los atrasos y lo ya recibido', () => {
    expect(snapshotLoan(loan, c(600), '2026-11-25', '2026-12-01')).toEqual({
      amortizationId: 4,
      arrearsIds: [2, 3],
      expected: c(500 + 600 + 600),
      receivedBefore: c(700),
    });
    expect(
      snapshotLoan(rows({ pagada: true }, { renovo: true }), c(600), '2026-11-25', '2026-12-01'),
    ).toBeNull();
  });

  test('lo cobrado después cuenta el excedente y nunca es negativo', () => {
    const after = rows({ pagada: true }, { pagada: true }, { pagada: true }, { parcial: 300 });
    expect(collectedSince(after, c(600), c(700))).toBe(c(600 + 600 + 300 + 600 - 700));
    expect(collectedSince(rows({ renovo: true }), c(600), c(700))).toBe(0);
  });

  test('la fila del Resumen es la más antigua sin pagar hasta el fin de la semana', () => {
    expect(summaryRowOf(loan, '2026-11-24', '2026-12-01')?.numero_pago).toBe(2);
    expect(summaryRowOf(rows({ pagada: true }, {}), '2026-11-01', '2026-11-08')).toBeNull();
  });

  test('el icono de estado (SPEC §4)', () => {
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
