// A correction of a payment (decision 021), through the device's one payment path like every payment: checked
// with the server's own schema, then queued as `payment.correct` in one Dexie transaction, so it works without
// signal and the sync engine delivers it exactly once. The server judges who may correct it and the balance.
import * as v from 'valibot';
import { paymentDateIssue } from '../../shared/date-rules';
import { formatDate, type IsoDate } from '../../shared/dates';
import { type Cents, formatCents, formatMoney, toPesos } from '../../shared/money';
import { paymentCorrectSchema } from '../../shared/payments/schemas';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import type { PaymentCorrectArgs, PaymentCorrectEntry } from '../store/local-types';
import { takeMutationId } from '../store/meta';

/** What the person typed: 'Monto correcto' (pesos; 0 reverses the payment), 'Fecha' ('' keeps it), 'Motivo'. */
export interface CorrectionValues {
  amount: string;
  fecha: string;
  reason: string;
}

export type CorrectionField = keyof CorrectionValues;
export type CorrectionErrors = Partial<Record<CorrectionField, string>>;

export interface CorrectionInput {
  loanId: number;
  /** The payment corrected, as the ledger lists it: its receipt, the number printed on it, what it stands at. */
  payment: { receiptId: string; receiptNumber: string; vigente: number };
  values: CorrectionValues;
  /** For the list of pending changes (the loan may be one the device does not keep). */
  loanReference: string;
  /** The loan's date: a corrected date may not fall before it (shared/date-rules.ts). */
  loanStart: IsoDate;
  clientName: string;
}

export type CorrectionCheck =
  | { ok: true; args: PaymentCorrectArgs; amount: Cents }
  | { ok: false; message: string; errors: CorrectionErrors };

export type CorrectionResult =
  | { ok: true; entryId: number }
  | { ok: false; message: string; errors: CorrectionErrors };

const FIELDS: readonly string[] = ['amount', 'fecha', 'reason'] satisfies CorrectionField[];

/**
 * The values as `payment.correct` arguments, by `paymentCorrectSchema` (the messages are the server's), plus
 * the payment date's rule the server applies (shared/date-rules.ts), said before the trip.
 */
export function checkCorrection(
  values: CorrectionValues,
  paymentReceiptId: string,
  dates: { today: IsoDate; loanStart: IsoDate },
  receiptId: string = crypto.randomUUID(),
): CorrectionCheck {
  const fecha = values.fecha.trim();
  const parsed = v.safeParse(paymentCorrectSchema, {
    receiptId,
    paymentReceiptId,
    amount: values.amount,
    ...(fecha ? { fecha } : {}),
    reason: values.reason,
  });
  if (!parsed.success) {
    const errors: CorrectionErrors = {};
    for (const issue of parsed.issues) {
      const path = v.getDotPath(issue);
      if (path && FIELDS.includes(path)) errors[path as CorrectionField] ??= issue.message;
    }
    return { ok: false, message: parsed.issues[0].message, errors };
  }
  const out = parsed.output;
  const dateIssue = out.fecha ? paymentDateIssue(out.fecha, dates) : null;
  if (dateIssue) return { ok: false, message: dateIssue, errors: { fecha: dateIssue } };
  return {
    ok: true,
    amount: out.amount,
    args: {
      receiptId: out.receiptId,
      paymentReceiptId: out.paymentReceiptId,
      amount: toPesos(out.amount),
      ...(out.fecha ? { fecha: out.fecha } : {}),
      reason: out.reason,
    },
  };
}

/** 'Corrección de pago R-3F9A-12C7: $500.00 → $450.00' (and the new date, when one was given). */
export const describeCorrection = (receiptNumber: string, vigente: number, amount: Cents, fecha?: IsoDate) =>
  `Corrección de pago ${receiptNumber}: ${formatMoney(vigente)} → ${formatCents(amount)}` +
  (fecha ? `, fecha ${formatDate(fecha)}` : '');

/** Queues the correction, or answers the schema's messages and queues nothing. */
export async function correctPayment(
  db: LocalDb,
  input: CorrectionInput,
  ctx: { userId: number; today: IsoDate; now: Date },
): Promise<CorrectionResult> {
  const checked = checkCorrection(input.values, input.payment.receiptId, {
    today: ctx.today,
    loanStart: input.loanStart,
  });
  if (!checked.ok) return checked;
  const { args, amount } = checked;
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const id = await takeMutationId(db);
    const entry: PaymentCorrectEntry = {
      id,
      name: MUTATION.paymentCorrect,
      args,
      clientTime: ctx.now.toISOString(),
      status: 'pending',
      summary: {
        loanReference: input.loanReference,
        clientName: input.clientName,
        description: describeCorrection(
          input.payment.receiptNumber,
          input.payment.vigente,
          amount,
          args.fecha,
        ),
      },
      loanId: input.loanId,
      amortizationIds: [],
      userId: ctx.userId,
    };
    await db.outbox.add(entry);
    return { ok: true, entryId: id };
  });
}
