// The running totals of a sheet on the phone: the same rule the server's processing uses (shared/sheets).

import type { IsoDate } from '../../../../shared/dates';
import type { Amortization } from '../../../../shared/loans/types';
import { type Cents, cents, toCents, toPesos } from '../../../../shared/money';
import { collectedSince, summaryRowOf } from '../../../../shared/sheets/amounts';
import type { SheetLoanItem } from './read-sheet-items';

export interface TotalsInput {
  montoEsperado: number;
  loans: readonly {
    abono: number;
    cobradoPrevio: number;
    rows: readonly Amortization[];
    serverRows: readonly Amortization[];
  }[];
}

export interface SheetTotals {
  esperado: number;
  cobrado: number;
  /** Part of `cobrado` still on the phone (edits the server has not answered). */
  pendienteSync: number;
  porCobrar: number;
}

const c = (pesos: number): Cents => toCents(pesos) ?? cents(0);

export function sheetTotals(input: TotalsInput): SheetTotals {
  let cobrado = 0;
  let synced = 0;
  for (const loan of input.loans) {
    cobrado += collectedSince(loan.rows, c(loan.abono), c(loan.cobradoPrevio));
    synced += collectedSince(loan.serverRows, c(loan.abono), c(loan.cobradoPrevio));
  }
  const esperado = c(input.montoEsperado);
  return {
    esperado: toPesos(esperado),
    cobrado: toPesos(cents(cobrado)),
    pendienteSync: toPesos(cents(Math.max(0, cobrado - synced))),
    porCobrar: toPesos(cents(Math.max(0, esperado - cobrado))),
  };
}

/** The figures that need every loan and row of the sheet: read after the first page is on screen. */
export interface SheetSummary {
  totals: SheetTotals;
  /** Σ monto con interés of the sheet's loans. */
  montoTotal: number;
  /** Loans already fully paid, and the balance still owed over all loans (the Resumen's counts). */
  paid: number;
  balance: number;
  /** Loans with no row to record today (the Resumen leaves them out). */
  omitted: number;
  /** Sheet loans whose loan the device no longer keeps (closed long ago). */
  missing: number;
}

export function summarizeSheet(
  sheet: { monto_esperado: number; coverage_week_end: IsoDate },
  sheetLoanCount: number,
  items: readonly SheetLoanItem[],
  today: IsoDate,
): SheetSummary {
  let montoTotal = 0;
  let balance = 0;
  let paid = 0;
  let omitted = 0;
  for (const { detail } of items) {
    const { loan } = detail;
    montoTotal += c(loan.monto_con_interes);
    balance += c(loan.monto_con_interes) - c(loan.abono) * loan.num_pago;
    if (loan.pagada) paid++;
    if (!summaryRowOf(detail.rows, today, sheet.coverage_week_end)) omitted++;
  }
  return {
    totals: sheetTotals({
      montoEsperado: sheet.monto_esperado,
      loans: items.map((i) => ({
        abono: i.detail.loan.abono,
        cobradoPrevio: i.sheetLoan.cobrado_previo,
        rows: i.detail.rows,
        serverRows: i.serverRows,
      })),
    }),
    montoTotal: toPesos(cents(montoTotal)),
    paid,
    balance: toPesos(cents(balance)),
    omitted,
    missing: sheetLoanCount - items.length,
  };
}
