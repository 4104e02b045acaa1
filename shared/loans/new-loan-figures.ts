// What the client will owe, pay each period and receive (docs/producto.md §9, docs/reglas-del-negocio.md), shown live by the form and
// recomputed by the server on save: the same function on both sides.
import type { IsoDate } from '../dates';
import { type Cents, cents } from '../money';
import type { PaymentMethod } from '../payment-methods/types';
import { calculateLoan } from './calculation';
import { lacking } from './figures';
import { buildSchedule } from './schedule';
import { type ClientType, clientTypeOf, termsFor } from './terms';

/** A row of the loan being renewed: its amount due and what it has received. */
export interface RenewedRow {
  monto: Cents;
  pagada: boolean;
  renovo: boolean;
  parcial: Cents;
}

/**
 * What the client still owes on the loan being renewed: its outstanding balance (shared/loans/figures), every
 * row neither paid nor renewed less what it received. docs/producto.md §9's "pending payments × abono" counts only the
 * payments not yet due, which would forgive the arrears of a loan behind on its payments (and all of an overdue
 * loan's debt, whose pending count is 0); this is the same figure when the loan is up to date (decision 005).
 */
export function renewalBalance(rows: readonly RenewedRow[]): Cents {
  let owed = 0;
  for (const row of rows)
    if (!row.pagada && !row.renovo) owed += lacking({ monto: row.monto, received: row.parcial });
  return cents(owed);
}

export interface NewLoanFigures {
  clientType: ClientType;
  interes: number;
  totalPagos: number;
  montoConInteres: Cents;
  abono: Cents;
  fechaFin: IsoDate;
  /** What the renewed loan still owes (0 without renewal). */
  saldoAnterior: Cents;
  /** monto − saldoAnterior, never below 0. */
  montoEntregado: Cents;
}

export function newLoanFigures(input: {
  montoCredito: Cents;
  method: Pick<PaymentMethod, 'modalidad_pago'> & Parameters<typeof termsFor>[0];
  client: { coordinadora: boolean; empleado: boolean };
  fechaInicio: IsoDate;
  renewed?: { rows: readonly RenewedRow[] } | null;
}): NewLoanFigures {
  const clientType = clientTypeOf(input.client);
  const terms = termsFor(input.method, clientType);
  const saldoAnterior = input.renewed ? renewalBalance(input.renewed.rows) : cents(0);
  const calc = calculateLoan({
    montoCredito: input.montoCredito,
    interes: terms.interes,
    totalPagos: terms.totalPagos,
    saldoPendienteAnterior: saldoAnterior,
  });
  const { fechaFin } = buildSchedule({
    fechaInicio: input.fechaInicio,
    totalPagos: terms.totalPagos,
    modalidad: input.method.modalidad_pago,
    loanReference: 'PR-0',
  });
  return {
    clientType,
    interes: terms.interes,
    totalPagos: terms.totalPagos,
    ...calc,
    fechaFin,
    saldoAnterior,
  };
}
