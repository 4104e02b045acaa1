// A loan's figures at a business date (docs/reglas-del-negocio.md "Loan figures", decision 021): what is due this week, what is
// late, what is still owed, SPEC's scheduled "saldo a liquidar", the state, and what 'Pagó' offers. Every
// screen, file, receipt and report reads them from here; the SQL that keeps the report summaries computes the
// same figures (tests/server/payments/ledger-sql.test.ts runs both on the same ledgers).
import { daysBetween, type IsoDate } from '../dates';
import { type Cents, cents, toCents } from '../money';
import { duePaymentsOn } from './schedule';
import type { ModalidadPago } from './terms';

/** A row as the figures read it: its schedule and what it has received (allocation, shared/payments/ledger). */
export interface FiguresRow {
  numero_pago: number;
  fecha_pago: IsoDate;
  monto: Cents;
  received: Cents;
  renovo: boolean;
}

export interface FiguresLoan {
  monto_con_interes: Cents;
  fecha_inicio: IsoDate;
  fecha_fin: IsoDate;
  modalidad_pago: ModalidadPago;
  total_pagos: number;
}

/** The days a collection week covers: the town's collection day and the six days after it. */
export interface Week {
  start: IsoDate;
  end: IsoDate;
}

export type LoanState = 'pagado' | 'vencido' | 'atrasado' | 'al_corriente';

export interface LoanFigures {
  /** Rows due by the week's end that still lack money: this week's rows and the arrears (the sheet's A COBRAR). */
  dueThisWeek: Cents;
  /** Rows due before the week's first day not fully paid. */
  arrears: { rows: number; amount: Cents };
  /** Days since the fecha_pago of the oldest row not fully paid, when that is before the date; else 0. */
  daysLate: number;
  /** What every row not renewed still lacks (ADEUDO). */
  outstanding: Cents;
  /** docs/producto.md §9: monto con interés − the amounts of the rows due by the date (the schedule's figure, never < 0). */
  saldoALiquidar: Cents;
  /** Money the rows hold (renewed rows included: what they received before the renewal). */
  received: Cents;
  /** Rows whose fecha_pago is on or before the date, capped at total_pagos (SPEC's num_pago). */
  numPago: number;
  state: LoanState;
  /** What 'Pagó' records: the week's due, or — with nothing due this week — nothing (0). */
  pagoSugerido: Cents;
}

export const lacking = (row: Pick<FiguresRow, 'monto' | 'received'>): Cents =>
  cents(Math.max(0, row.monto - row.received));

const settled = (row: FiguresRow) => row.renovo || row.received >= row.monto;

export function loanFigures(
  loan: FiguresLoan,
  rows: readonly FiguresRow[],
  at: IsoDate,
  week: Week,
): LoanFigures {
  let dueThisWeek = 0;
  let arrearsRows = 0;
  let arrearsAmount = 0;
  let outstanding = 0;
  let received = 0;
  let oldestOpen: IsoDate | null = null;
  const numPago = duePaymentsOn(loan.fecha_inicio, loan.modalidad_pago, loan.total_pagos, at);
  let scheduled = 0;
  for (const row of rows) {
    received += row.received;
    if (row.numero_pago <= numPago) scheduled += row.monto;
    if (row.renovo) continue;
    const owed = lacking(row);
    if (owed === 0) continue;
    outstanding += owed;
    if (row.fecha_pago <= week.end) dueThisWeek += owed;
    if (row.fecha_pago < week.start) {
      arrearsRows += 1;
      arrearsAmount += owed;
    }
    if (oldestOpen === null || row.fecha_pago < oldestOpen) oldestOpen = row.fecha_pago;
  }
  const pagado = rows.length > 0 && rows.every(settled);
  const state: LoanState = pagado
    ? 'pagado'
    : at > loan.fecha_fin
      ? 'vencido'
      : arrearsRows > 0
        ? 'atrasado'
        : 'al_corriente';
  return {
    dueThisWeek: cents(dueThisWeek),
    arrears: { rows: arrearsRows, amount: cents(arrearsAmount) },
    daysLate: oldestOpen !== null && oldestOpen < at ? daysBetween(oldestOpen, at) : 0,
    outstanding: cents(outstanding),
    saldoALiquidar: cents(Math.max(0, loan.monto_con_interes - scheduled)),
    received: cents(received),
    numPago,
    state,
    pagoSugerido: cents(dueThisWeek),
  };
}

/** A row still to fall due, and what it lacks. */
export interface NextDue {
  numero_pago: number;
  fecha_pago: IsoDate;
  amount: Cents;
}

/**
 * The statement's 'Próximo pago': the first row not renewed, still lacking money, that falls due on or after
 * `from` — the week's first day, so it is the week's row while that lacks money, and what falls due before is
 * the arrears; null when no row is left to fall due.
 */
export function nextDue(rows: readonly FiguresRow[], from: IsoDate): NextDue | null {
  let next: FiguresRow | null = null;
  for (const row of rows) {
    if (row.renovo || row.fecha_pago < from || lacking(row) === 0) continue;
    if (next === null || row.numero_pago < next.numero_pago) next = row;
  }
  return next && { numero_pago: next.numero_pago, fecha_pago: next.fecha_pago, amount: lacking(next) };
}

/** docs/reglas-del-negocio.md, docs/producto.md §4: active = neither paid nor vencido, on every screen and report. */
export const isActiveState = (state: LoanState): boolean => state === 'al_corriente' || state === 'atrasado';

/** A stored row (money in pesos, as the wire and the device keep it) as the figures read it. */
export function figuresRowOf(row: {
  numero_pago: number;
  fecha_pago: IsoDate;
  monto: number;
  pagada: boolean;
  parcial: number;
  renovo: boolean;
}): FiguresRow {
  const monto = toCents(row.monto) ?? cents(0);
  return {
    numero_pago: row.numero_pago,
    fecha_pago: row.fecha_pago,
    monto,
    received: row.pagada ? monto : (toCents(row.parcial) ?? cents(0)),
    renovo: row.renovo,
  };
}

/** A stored loan (pesos) as the figures read it. */
export const figuresLoanOf = (loan: {
  monto_con_interes: number;
  fecha_inicio: IsoDate;
  fecha_fin: IsoDate;
  modalidad_pago: ModalidadPago;
  total_pagos: number;
}): FiguresLoan => ({ ...loan, monto_con_interes: toCents(loan.monto_con_interes) ?? cents(0) });
