// What the loan detail shows about a loan and its rows (docs/producto.md §2, §4, §9; docs/reglas-del-negocio.md), as pure functions.
import type { IsoDate } from '../../../shared/dates';
import {
  type LoanStatus,
  loanStateOn,
  loanStatus,
  overdueCount,
  pendingCount,
} from '../../../shared/loans/derived';
import { loanFigures as figuresAt, figuresLoanOf, figuresRowOf } from '../../../shared/loans/figures';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import type { Cents } from '../../../shared/money';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';

/** docs/producto.md §4 payment summary: total rows, paid, pending (total − paid), renewed, partial (parcial > 0). */
export interface PaymentSummary {
  total: number;
  pagados: number;
  pendientes: number;
  renovaciones: number;
  parciales: number;
}

export function paymentSummary(rows: readonly Pick<Amortization, 'pagada' | 'renovo' | 'parcial'>[]) {
  const pagados = rows.filter((r) => r.pagada).length;
  return {
    total: rows.length,
    pagados,
    pendientes: rows.length - pagados,
    renovaciones: rows.filter((r) => r.renovo).length,
    parciales: rows.filter((r) => r.parcial > 0).length,
  } satisfies PaymentSummary;
}

export interface LoanFigures {
  numPago: number;
  vencido: boolean;
  status: LoanStatus;
  /** docs/producto.md §4 pending payments (total_pagos − num_pago, 0 if paid). */
  pending: number;
  /** docs/producto.md §4 overdue payments (the pending count when vencido). */
  overdue: number;
  /** docs/reglas-del-negocio.md arrears: rows due before the town's collection week that still lack money. */
  arrears: number;
  /** docs/producto.md §9 saldo a liquidar, centavos. */
  saldoALiquidar: Cents;
  /** docs/reglas-del-negocio.md outstanding balance (what is really still owed), centavos. */
  outstanding: Cents;
}

/**
 * The loan's figures as of `today`, from its schedule and rows (never from stale stored counters): SPEC's counts,
 * and the shared loan figures (shared/loans/figures) for the arrears and the balances, in the town's week.
 */
export function loanFigures(
  loan: LoanRecord,
  rows: readonly Amortization[],
  today: IsoDate,
  collectionDay: CollectionDay | null = null,
): LoanFigures {
  const state = loanStateOn(loan, today);
  const current = { pagada: loan.pagada, vencido: state.vencido, total_pagos: loan.total_pagos };
  const withPayment = { ...current, num_pago: state.num_pago };
  const week = collectionWeekOf(collectionDay ?? 'LUNES', today);
  const figures = figuresAt(figuresLoanOf(loan), rows.map(figuresRowOf), today, {
    start: week.coverageWeek,
    end: week.coverageWeekEnd,
  });
  return {
    numPago: state.num_pago,
    vencido: state.vencido,
    status: loanStatus(current),
    pending: pendingCount(withPayment),
    overdue: overdueCount(withPayment),
    arrears: figures.arrears.rows,
    saldoALiquidar: figures.saldoALiquidar,
    outstanding: figures.outstanding,
  };
}

/** What the device knows of a row's edits: waiting to sync, or the server's reason for its last refusal. */
export interface RowSync {
  pending: boolean;
  rejectedReason: string | null;
}

export interface OutboxView {
  id: number;
  status: 'pending' | 'rejected' | 'synced';
  reason?: string;
  amortizationIds: readonly number[];
}

/** Per row: pending when any pending entry touches it; the reason when its latest entry was rejected. */
export function rowSyncStates(entries: readonly OutboxView[]): Map<number, RowSync> {
  const states = new Map<number, RowSync>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    for (const rowId of entry.amortizationIds) {
      const before = states.get(rowId);
      states.set(rowId, {
        pending: (before?.pending ?? false) || entry.status === 'pending',
        rejectedReason: entry.status === 'rejected' ? (entry.reason ?? 'Rechazado por el servidor') : null,
      });
    }
  }
  return states;
}
