// The running totals of a sheet on the phone: the same rule the server's processing uses (shared/sheets).
import type { Amortization } from '../../../../shared/loans/types';
import { type Cents, cents, toCents, toPesos } from '../../../../shared/money';
import { collectedSince } from '../../../../shared/sheets/amounts';

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

/** Search by client name or loan reference, accent- and case-insensitive. */
export function matchesSearch(text: string, fields: readonly (string | null | undefined)[]): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const needle = fold(text.trim());
  return needle === '' || fields.some((f) => f && fold(f).includes(needle));
}
