// What money does to a loan's rows on the device: the ledger's own allocation (shared/payments/ledger) applied on
// top of the rows the device holds, so the screen shows at once what the server will derive (docs/reglas-del-negocio.md). Pure:
// the mutator and the rebase both use it.
import type { IsoDate } from '../../shared/dates';
import { deriveLoanState } from '../../shared/loans/derived';
import { type Cents, cents, formatCents, toCents, toPesos } from '../../shared/money';
import {
  balanceOfColumns,
  fillRows,
  type LedgerRow,
  outstandingOf,
  type RowBalance,
  rowColumns,
} from '../../shared/payments/ledger';
import { paymentMessages as m } from '../../shared/payments/messages';
import { type PaymentEdit, type RowEditIntent, rowEditIntent } from '../../shared/payments/row-edit';
import type { AmortizationUpdateArgs, LocalAmortization, LocalLoan } from './local-types';

const centsOf = (pesos: number): Cents => toCents(pesos) ?? cents(0);

export type EditOutcome =
  | { ok: true; loan: LocalLoan; changed: LocalAmortization[] }
  | { ok: false; message: string };

const ledgerRow = (r: LocalAmortization): LedgerRow & { renovo: boolean } => ({
  id: r.id,
  numero_pago: r.numero_pago,
  monto: centsOf(r.monto),
  renovo: r.renovo,
});

const columnsOf = (r: LocalAmortization) => ({
  pagada: r.pagada,
  parcial: centsOf(r.parcial),
  fecha_pagada: r.fecha_pagada,
});

/** What each row holds now, as its columns say. */
export const balancesOf = (rows: readonly LocalAmortization[]): Map<number, RowBalance> =>
  new Map(rows.map((r) => [r.id, balanceOfColumns(ledgerRow(r), columnsOf(r))]));

/** What the loan still owes (docs/reglas-del-negocio.md outstanding), from the rows the device holds. */
export const owedOn = (rows: readonly LocalAmortization[]): Cents =>
  outstandingOf(rows.map(ledgerRow), balancesOf(rows));

/** The Spanish reason a payment of `amount` is refused on this loan, as the server would give it; null: none. */
export function paymentRefusal(rows: readonly LocalAmortization[], amount: Cents): string | null {
  if (amount <= 0) return m.montoMayorQueCero;
  const owed = owedOn(rows);
  if (owed === 0) return m.sinSaldo;
  if (amount > owed) return m.excedeSaldo(formatCents(owed));
  return null;
}

/** The rows whose balances changed, with their new columns, and the loan's derived fields recomputed. */
function outcome(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  balances: Map<number, RowBalance>,
  today: IsoDate,
): EditOutcome {
  const changed: LocalAmortization[] = [];
  const after = rows.map((r) => {
    const cols = rowColumns(ledgerRow(r), balances.get(r.id)!);
    const next = {
      ...r,
      pagada: cols.pagada,
      parcial: toPesos(cols.parcial),
      fecha_pagada: cols.fecha_pagada,
    };
    if (next.pagada !== r.pagada || next.parcial !== r.parcial || next.fecha_pagada !== r.fecha_pagada) {
      changed.push(next);
      return next;
    }
    return r;
  });
  const state = deriveLoanState(after, loan.total_pagos, loan.fecha_fin, today);
  return {
    ok: true,
    loan: { ...loan, pagada: state.pagada, num_pago: state.numPago, vencido: state.vencido },
    changed,
  };
}

/**
 * A payment of `amount` received on `fecha`, put into the rows as the ledger does (the aimed row, or the oldest
 * owed first): refused above what the loan owes, with the server's message.
 */
export function applyPayment(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  payment: { receiptId: string; amount: Cents; fecha: IsoDate; amortizationId: number | null },
  today: IsoDate,
): EditOutcome {
  const refusal = paymentRefusal(rows, payment.amount);
  if (refusal) return { ok: false, message: refusal };
  const balances = balancesOf(rows);
  fillRows(rows.map(ledgerRow), balances, payment);
  return outcome(loan, rows, balances, today);
}

/** What a row edit means in money (shared/payments/row-edit), from the row as the device shows it. */
export function rowEditOf(
  rows: readonly LocalAmortization[],
  amortizationId: number,
  edit: PaymentEdit,
  today: IsoDate,
): { ok: true; intent: RowEditIntent } | { ok: false; message: string } {
  const row = rows.find((r) => r.id === amortizationId);
  if (!row) return { ok: false, message: m.amortizacionNoEncontrada };
  const current = balanceOfColumns(ledgerRow(row), columnsOf(row));
  const judged = rowEditIntent(
    { monto: centsOf(row.monto), renovo: row.renovo, columns: columnsOf(row) },
    current,
    edit,
    today,
  );
  if (!judged.ok) return { ok: false, message: judged.refusal.kind === 'renewed' ? m.renovada : m.yaPagada };
  return judged;
}

export const editOf = (
  args: Pick<AmortizationUpdateArgs, 'pagada' | 'parcial' | 'fecha_pagada'>,
): PaymentEdit => ({
  ...(args.pagada !== undefined ? { pagada: args.pagada } : {}),
  ...(args.parcial !== undefined ? { parcial: centsOf(args.parcial) } : {}),
  ...(args.fecha_pagada !== undefined ? { fechaPagada: args.fecha_pagada } : {}),
});

/**
 * A row edit that takes money back or moves its date, as the device shows it until the server answers with the
 * corrections it makes of the row's payments: the row holds the amount asked (or its money the new date).
 */
export function applyRowEdit(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  args: AmortizationUpdateArgs,
  today: IsoDate,
): EditOutcome {
  const judged = rowEditOf(rows, args.amortizationId, editOf(args), today);
  if (!judged.ok) return judged;
  const { intent } = judged;
  if (intent.kind === 'pago')
    return applyPayment(
      loan,
      rows,
      {
        receiptId: args.receiptId,
        amount: intent.amount,
        fecha: intent.fecha,
        amortizationId: args.amortizationId,
      },
      today,
    );
  const balances = balancesOf(rows);
  const balance = balances.get(args.amortizationId)!;
  if (intent.kind === 'devolver') {
    balance.received = cents(Math.max(0, balance.received - intent.amount));
    if (balance.received === 0) balance.fechaPagada = null;
  } else if (intent.kind === 'fecha') balance.fechaPagada = intent.fecha;
  return outcome(loan, rows, balances, today);
}
