// The live figures of the form (docs/producto.md §9, docs/reglas-del-negocio.md, docs/decisions/005): the same shared function the server
// runs on save, so what the panel shows is what gets stored.
import { isIsoDate } from '../../../shared/dates';
import {
  type NewLoanFigures,
  newLoanFigures,
  type RenewedRow,
  renewalBalance,
} from '../../../shared/loans/new-loan-figures';
import { type ClientType, clientTypeOf, type LoanTerms, termsFor } from '../../../shared/loans/terms';
import type { Amortization } from '../../../shared/loans/types';
import { type Cents, cents, toCents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods/types';

/** The open loan the new one renews, with the rows its pending balance is read from. */
export interface RenewalSource {
  loanId: number;
  reference: string;
  abono: number;
  rows: readonly Pick<Amortization, 'monto' | 'pagada' | 'renovo' | 'parcial'>[];
}

export interface RenewalPreview {
  loanId: number;
  reference: string;
  /** Rows neither paid nor renewed: the payments the deducted balance covers. */
  pendingPayments: number;
}

export function renewalPreview(source: RenewalSource): RenewalPreview {
  return {
    loanId: source.loanId,
    reference: source.reference,
    pendingPayments: source.rows.filter((r) => !r.pagada && !r.renovo).length,
  };
}

const renewedRows = (source: RenewalSource): RenewedRow[] =>
  source.rows.map((r) => ({
    monto: toCents(r.monto) ?? cents(0),
    pagada: r.pagada,
    renovo: r.renovo,
    parcial: toCents(r.parcial) ?? cents(0),
  }));

/** The amount typed, when it is a positive amount (else the panel shows dashes). */
export function typedAmount(text: string): Cents | null {
  const value = toCents(text);
  return value !== null && value > 0 ? value : null;
}

/**
 * The panel's figures, or null while something they need is missing: a payment method, a positive amount, a
 * valid date. The client's flags default to a regular client until one is chosen.
 */
export function previewFigures(input: {
  montoCredito: string;
  method: PaymentMethod | null;
  clientFlags: { coordinadora: boolean; empleado: boolean } | null;
  fechaInicio: string;
  renewal: RenewalSource | null;
}): NewLoanFigures | null {
  const monto = typedAmount(input.montoCredito);
  if (!input.method || monto === null || !isIsoDate(input.fechaInicio)) return null;
  try {
    return newLoanFigures({
      montoCredito: monto,
      method: input.method,
      client: input.clientFlags ?? { coordinadora: false, empleado: false },
      fechaInicio: input.fechaInicio,
      renewed: input.renewal ? { rows: renewedRows(input.renewal) } : null,
    });
  } catch {
    // A method with no number of payments (bad data) cannot be computed; the server refuses it too.
    return null;
  }
}

/** The renewed loan's balance alone, for the panel before an amount is typed. */
export const renewalBalanceOf = (source: RenewalSource): Cents => renewalBalance(renewedRows(source));

const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  regular: 'Cliente regular',
  coordinadora: 'Cliente coordinadora',
  empleado: 'Cliente empleado',
};

export const percentText = (n: number) =>
  `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(n)} %`;

export const paymentsText = (n: number) => `${n} ${n === 1 ? 'pago' : 'pagos'}`;

/** 'Cliente coordinadora: 15 % de interés, 14 pagos' (the type alone until a method is chosen). */
export function termsText(
  flags: { coordinadora: boolean; empleado: boolean },
  method: PaymentMethod | null,
): string {
  const type = clientTypeOf(flags);
  if (!method) return CLIENT_TYPE_LABELS[type];
  const terms: LoanTerms = termsFor(method, type);
  return `${CLIENT_TYPE_LABELS[type]}: ${percentText(terms.interes)} de interés, ${paymentsText(terms.totalPagos)}`;
}
