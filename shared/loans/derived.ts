// Derived loan and payment-row states (docs/producto.md §4, docs/reglas-del-negocio.md). `recomputeLoans` does the same in SQL.
import type { IsoDate } from '../dates';
import { duePaymentsOn } from './schedule';
import type { ModalidadPago } from './terms';

export interface DerivedRow {
  fecha_pago: IsoDate;
  pagada: boolean;
  renovo: boolean;
}

export interface LoanDerivedState {
  /** Every row paid or renewed (a loan without rows is not paid). */
  pagada: boolean;
  /** Rows whose fecha_pago ≤ today, capped at total_pagos. */
  numPago: number;
  /** Not paid and today is past fecha_fin. */
  vencido: boolean;
}

export function deriveLoanState(
  rows: readonly DerivedRow[],
  totalPagos: number,
  fechaFin: IsoDate,
  today: IsoDate,
): LoanDerivedState {
  const pagada = rows.length > 0 && rows.every((r) => r.pagada || r.renovo);
  const due = rows.filter((r) => r.fecha_pago <= today).length;
  return { pagada, numPago: Math.min(due, totalPagos), vencido: !pagada && today > fechaFin };
}

export type LoanStatus = 'Pagado' | 'Vencido' | 'Activo';

export function loanStatus(loan: { pagada: boolean; vencido: boolean }): LoanStatus {
  if (loan.pagada) return 'Pagado';
  if (loan.vencido) return 'Vencido';
  return 'Activo';
}

/** docs/producto.md §4: total_pagos − num_pago, or 0 when paid. */
export function pendingCount(loan: { pagada: boolean; total_pagos: number; num_pago: number }): number {
  return loan.pagada ? 0 : Math.max(0, loan.total_pagos - loan.num_pago);
}

/**
 * docs/producto.md §4: the pending count when vencido, else 0. With num_pago counting due rows (docs/reglas-del-negocio.md) a vencido
 * loan has num_pago = total_pagos, so this is 0; unpaid past-due rows are what `arrearsCount` reports.
 */
export function overdueCount(loan: {
  pagada: boolean;
  vencido: boolean;
  total_pagos: number;
  num_pago: number;
}): number {
  return loan.vencido ? pendingCount(loan) : 0;
}

/** docs/reglas-del-negocio.md "atraso": rows neither paid nor renewed whose fecha_pago is before today. */
export function arrearsCount(rows: readonly DerivedRow[], today: IsoDate): number {
  return rows.filter((r) => !r.pagada && !r.renovo && r.fecha_pago < today).length;
}

export type AmortizationStatus = 'Renovado' | 'Pagado' | 'Parcial' | 'Pendiente';

/** docs/producto.md §4, checked in this order. `parcial` may be centavos or pesos: only its sign matters. */
export function amortizationStatus(row: {
  renovo: boolean;
  pagada: boolean;
  parcial: number;
}): AmortizationStatus {
  if (row.renovo) return 'Renovado';
  if (row.pagada) return 'Pagado';
  if (row.parcial > 0) return 'Parcial';
  return 'Pendiente';
}

/** A loan's time-derived fields as of `today`, from its own columns (no rows needed): the list's figures. */
export function loanStateOn(
  loan: {
    pagada: boolean;
    fecha_inicio: IsoDate;
    fecha_fin: IsoDate;
    modalidad_pago: ModalidadPago;
    total_pagos: number;
  },
  today: IsoDate,
): { num_pago: number; vencido: boolean } {
  return {
    num_pago: duePaymentsOn(loan.fecha_inicio, loan.modalidad_pago, loan.total_pagos, today),
    vencido: !loan.pagada && today > loan.fecha_fin,
  };
}
