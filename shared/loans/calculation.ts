// Loan amounts (SPEC §9, DESIGN §5) as pure functions over integer centavos.
import { type Cents, cents } from '../money';

/** n / d rounded half away from zero, exactly (BigInt), for n ≥ 0 and d > 0. */
function roundDiv(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A percent with up to two decimals (numeric(6,2)) as basis points: 20 → 2000, 12.5 → 1250. */
const basisPoints = (percent: number): bigint => BigInt(Math.round(percent * 100));

/** monto × (1 + interes/100), rounded to the centavo. */
export function montoConInteresOf(montoCredito: Cents, interes: number): Cents {
  return cents(Number(roundDiv(BigInt(montoCredito) * (10_000n + basisPoints(interes)), 10_000n)));
}

/** The periodic payment: montoConInteres ÷ totalPagos rounded to whole pesos (DESIGN §5), in centavos. */
export function abonoOf(montoConInteres: Cents, totalPagos: number): Cents {
  if (!Number.isInteger(totalPagos) || totalPagos <= 0)
    throw new RangeError('totalPagos debe ser un entero > 0');
  return cents(Number(roundDiv(BigInt(montoConInteres), BigInt(totalPagos) * 100n)) * 100);
}

export interface LoanCalculationInput {
  montoCredito: Cents;
  /** Percent, e.g. 20. */
  interes: number;
  totalPagos: number;
  /** Pending balance of the client's active loan being renewed (see `pendingBalance`). */
  saldoPendienteAnterior?: Cents;
}

export interface LoanCalculation {
  montoConInteres: Cents;
  abono: Cents;
  /** What the client receives: monto − the renewed loan's pending balance, never below 0. */
  montoEntregado: Cents;
}

export function calculateLoan(input: LoanCalculationInput): LoanCalculation {
  const montoConInteres = montoConInteresOf(input.montoCredito, input.interes);
  return {
    montoConInteres,
    abono: abonoOf(montoConInteres, input.totalPagos),
    montoEntregado: cents(Math.max(0, input.montoCredito - (input.saldoPendienteAnterior ?? 0))),
  };
}

/** SPEC §9 renewal deduction: pending payments × abono, where pending = total_pagos − num_pago (0 if paid). */
export function pendingBalance(totalPagos: number, numPago: number, abono: Cents, pagada: boolean): Cents {
  if (pagada) return cents(0);
  return cents(Math.max(0, totalPagos - numPago) * abono);
}

/**
 * SPEC §9 "saldo a liquidar": montoConInteres − abono × num_pago. Floored at 0: abono is rounded to whole
 * pesos, so abono × total_pagos can exceed the amount with interest by a few pesos at the last payment.
 */
export function saldoALiquidar(montoConInteres: Cents, abono: Cents, numPago: number): Cents {
  return cents(Math.max(0, montoConInteres - abono * numPago));
}

/** What a payment row has contributed: a paid row counts as abono, a renewed one as nothing, else its parcial. */
export interface PaidAmountRow {
  pagada: boolean;
  renovo: boolean;
  parcial: Cents;
}

export function amountPaid(rows: readonly PaidAmountRow[], abono: Cents): Cents {
  let total = 0;
  for (const row of rows) {
    if (row.renovo) continue;
    total += row.pagada ? abono : row.parcial;
  }
  return cents(total);
}

/** DESIGN §5 outstanding balance (what the client really still owes): montoConInteres − amount paid, ≥ 0. */
export function outstandingBalance(
  montoConInteres: Cents,
  rows: readonly PaidAmountRow[],
  abono: Cents,
): Cents {
  return cents(Math.max(0, montoConInteres - amountPaid(rows, abono)));
}
