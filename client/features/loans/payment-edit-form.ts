// The payment history's inline edit (docs/producto.md §2, §5): a 'Pagado' checkbox, the partial amount and the paid date,
// checked with the server's own schema so the row shows the same Spanish message the server would.
import * as v from 'valibot';
import { paymentDateIssue } from '../../../shared/date-rules';
import type { IsoDate } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { type AmortizationUpdateInput, amortizationUpdateSchema } from '../../../shared/payments/schemas';

export interface PaymentEditValues {
  pagada: boolean;
  /** As typed in the number input. */
  parcial: string;
  /** 'YYYY-MM-DD' from the date input; '' lets the server use today. */
  fechaPagada: string;
}

/** The row's current values, the paid date defaulting to today (docs/producto.md §2). */
export const initialEditValues = (row: Pick<Amortization, 'pagada' | 'parcial'>, today: IsoDate) =>
  ({
    pagada: row.pagada,
    parcial: row.parcial > 0 ? String(row.parcial) : '0',
    fechaPagada: today,
  }) satisfies PaymentEditValues;

/** docs/producto.md §5: a non-numeric partial amount becomes 0 (a negative or over-precise one is still refused). */
export function partialText(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || !Number.isFinite(Number(trimmed)) ? '0' : trimmed;
}

export type EditCheck = { ok: true; edit: AmortizationUpdateInput } | { ok: false; message: string };

/**
 * The edit to record, or the first Spanish message of the shared schema, then of the payment date's rule (not
 * after today, not before the loan: shared/date-rules.ts, the server's own).
 */
export function checkEdit(values: PaymentEditValues, ctx: { today: IsoDate; loanStart: IsoDate }): EditCheck {
  const result = v.safeParse(amortizationUpdateSchema, {
    ...(values.pagada ? { pagada: true } : {}),
    parcial: partialText(values.parcial),
    fecha_pagada: values.fechaPagada === '' ? null : values.fechaPagada,
  });
  if (!result.success) return { ok: false, message: result.issues[0].message };
  const fecha = result.output.fecha_pagada;
  const dateIssue = fecha ? paymentDateIssue(fecha, ctx) : null;
  return dateIssue ? { ok: false, message: dateIssue } : { ok: true, edit: result.output };
}
