// Loan amounts (docs/producto.md §9, docs/reglas-del-negocio.md) as pure functions over integer centavos.
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

/** The periodic payment: montoConInteres ÷ totalPagos rounded to whole pesos (docs/reglas-del-negocio.md), in centavos. */
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
  /** What the client's open loan still owes when this one renews it (new-loan-figures.ts renewalBalance). */
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
