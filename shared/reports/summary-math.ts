// The financial summary's arithmetic (docs/reglas-del-negocio.md), in integer centavos, shared by the server and the tests.
import { type Cents, cents, toCents, toPesos } from '../money';
import type { SummaryFigures, SummaryParams, SummaryTotals } from './types';

export interface FigureCents {
  creditos: number;
  entregado: Cents;
  credito: Cents;
  cobrado: Cents;
}

/** `amount × pct / 100` to the centavo (half up); pct has at most two decimals, as numeric(6,2) stores it. */
export const commission = (amount: Cents, pct: number): Cents =>
  cents(Math.round((amount * Math.round(pct * 100)) / 10_000));

/**
 * One row: commissions are rounded per row and the difference is taken from the rounded values, so the
 * rows of a report add up to its totals exactly.
 */
export function summaryFigures(f: FigureCents, params: SummaryParams): SummaryFigures {
  const comisionAbonos = commission(f.cobrado, params.comision_abonos_pct);
  const comisionCreditos = commission(f.credito, params.comision_creditos_pct);
  const diferencia = cents(f.cobrado - f.entregado - comisionAbonos - comisionCreditos);
  return {
    creditos_entregados: f.creditos,
    monto_entregado: toPesos(f.entregado),
    monto_cobrado: toPesos(f.cobrado),
    monto_comision_abonos: toPesos(comisionAbonos),
    monto_comision_creditos: toPesos(comisionCreditos),
    diferencia: toPesos(diferencia),
  };
}

const sum = (rows: readonly SummaryFigures[], pick: (r: SummaryFigures) => number): number =>
  toPesos(cents(rows.reduce((total, r) => total + (toCents(pick(r)) ?? 0), 0)));

/** docs/producto.md §3's totals: the sums of the rows. */
export function summaryTotals(rows: readonly SummaryFigures[]): SummaryTotals {
  return {
    totalCreditosEntregados: rows.reduce((n, r) => n + r.creditos_entregados, 0),
    totalAbonosCobrados: sum(rows, (r) => r.monto_cobrado),
    totalMontoEntregado: sum(rows, (r) => r.monto_entregado),
    totalComisionabonos: sum(rows, (r) => r.monto_comision_abonos),
    totalComisioncreditos: sum(rows, (r) => r.monto_comision_creditos),
    saldo: sum(rows, (r) => r.diferencia),
  };
}
