// What a payment edit does to a loan's rows on the device: the same `allocatePayment` the server runs, so
// the optimistic screen and the server agree (DESIGN §5). Pure: the mutator and the rebase both use it.
import type { IsoDate } from '../../shared/dates';
import { deriveLoanState } from '../../shared/loans/derived';
import { type Cents, formatCents, toCents, toPesos } from '../../shared/money';
import { type AllocationRefusal, allocatePayment, type PaymentEdit } from '../../shared/payments/allocate';
import { paymentMessages as m } from '../../shared/payments/messages';
import type { AmortizationUpdateArgs, LocalAmortization, LocalLoan } from './local-types';

const centsOf = (pesos: number): Cents => toCents(pesos) ?? (0 as Cents);

export type EditOutcome =
  | { ok: true; loan: LocalLoan; changed: LocalAmortization[] }
  | { ok: false; refusal: AllocationRefusal };

export const editOf = (args: AmortizationUpdateArgs): PaymentEdit => ({
  ...(args.pagada !== undefined ? { pagada: args.pagada } : {}),
  ...(args.parcial !== undefined ? { parcial: centsOf(args.parcial) } : {}),
  ...(args.fecha_pagada !== undefined ? { fechaPagada: args.fecha_pagada } : {}),
});

/** The loan and the rows `edit` changes, with the loan's derived fields recomputed as the server does. */
export function applyEdit(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  amortizationId: number,
  edit: PaymentEdit,
  today: IsoDate,
): EditOutcome {
  const allocation = allocatePayment(
    rows.map((r) => ({ ...r, parcial: centsOf(r.parcial) })),
    centsOf(loan.abono),
    amortizationId,
    edit,
    today,
  );
  if (!allocation.ok) return allocation;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const changed = allocation.rows.map((r) => ({
    ...byId.get(r.id)!,
    pagada: r.pagada,
    parcial: toPesos(r.parcial),
    fecha_pagada: r.fecha_pagada,
  }));
  const changedById = new Map(changed.map((r) => [r.id, r]));
  const after = rows.map((r) => changedById.get(r.id) ?? r);
  const state = deriveLoanState(after, loan.total_pagos, loan.fecha_fin, today);
  return {
    ok: true,
    loan: { ...loan, pagada: state.pagada, num_pago: state.numPago, vencido: state.vencido },
    changed,
  };
}

/** The Spanish reason the server would give for the same refusal. */
export function refusalMessage(refusal: AllocationRefusal): string {
  switch (refusal.kind) {
    case 'not-found':
      return m.amortizacionNoEncontrada;
    case 'paid':
      return m.yaPagada;
    case 'renewed':
      return m.renovada;
    case 'excess':
      return m.excedente(formatCents(refusal.excess));
  }
}
