// THE way money is recorded on the device, online or offline (docs/arquitectura.md, decision 021): the rows change at once
// and an outbox entry is queued in the same Dexie transaction; the sync engine delivers it. A payment received is
// `payment.record` (what the collector typed, on today's date); a row edit that brings money is a payment aimed at
// that row; one that takes money back or moves its date is the row edit itself, which the server turns into
// corrections of the row's payments.
import type { IsoDate } from '../../shared/dates';
import type { RecordedLocation } from '../../shared/location/types';
import { type Cents, formatCents, toPesos } from '../../shared/money';
import { paymentMessages as m } from '../../shared/payments/messages';
import { describeRowEdit, type RowEditIntent } from '../../shared/payments/row-edit';
import type { AmortizationUpdateInput } from '../../shared/payments/schemas';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import type { LocalAmortization, LocalLoan, OutboxEntry, PaymentOutboxEntry } from '../store/local-types';
import { takeMutationId } from '../store/meta';
import { applyPayment, applyRowEdit, type EditOutcome, editOf, rowEditOf } from '../store/payment-edit';
import { keepServerCopies } from '../store/rebase';
import { scheduleOf, writeSchedule } from '../store/schedules';

export interface PaymentContext {
  userId: number;
  /** The business's date on the phone: the payment's date (and the paid date when the user gives none). */
  today: IsoDate;
  now: Date;
}

/**
 * Money received for a loan (Cobranza's 'Pagó' and 'Otro monto'), or an edit of one row (the payment history's
 * and the sheet's inline edit: 'Pagado', the partial amount, the paid date).
 */
export type PaymentInput =
  | { kind: 'pago'; loanId: number; amount: Cents; ubicacion?: RecordedLocation }
  | { kind: 'fila'; loanId: number; amortizationId: number; edit: AmortizationUpdateInput };

export type RecordResult = { ok: true; entryId: number | null } | { ok: false; message: string };

/** The entry an input queues, before it has an id: its mutation and what the list of pending changes says. */
type Planned = (
  | Pick<Extract<PaymentOutboxEntry, { name: typeof MUTATION.paymentRecord }>, 'name' | 'args'>
  | Pick<Extract<PaymentOutboxEntry, { name: typeof MUTATION.amortizationUpdate }>, 'name' | 'args'>
) & { description: string; cobrado: number };

/** Equal field by field (arrays element by element). */
function sameRecord<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}

/** The mutation an input means on these rows, or nothing (an edit that changes no money), or a refusal. */
function plan(
  rows: readonly LocalAmortization[],
  input: PaymentInput,
  today: IsoDate,
): { ok: true; planned: Planned | null } | { ok: false; message: string } {
  const receiptId = crypto.randomUUID();
  if (input.kind === 'pago')
    return {
      ok: true,
      planned: {
        name: MUTATION.paymentRecord,
        args: {
          receiptId,
          loanId: input.loanId,
          amount: toPesos(input.amount),
          fecha: today,
          ...(input.ubicacion ? { ubicacion: input.ubicacion } : {}),
        },
        description: `Pago de ${formatCents(input.amount)}`,
        cobrado: toPesos(input.amount),
      },
    };
  const judged = rowEditOf(rows, input.amortizationId, editOf(wireEdit(input.edit)), today);
  if (!judged.ok) return judged;
  const intent: RowEditIntent = judged.intent;
  if (intent.kind === 'nada') return { ok: true, planned: null };
  const description = describeRowEdit(intent, formatCents);
  if (intent.kind === 'pago')
    return {
      ok: true,
      planned: {
        name: MUTATION.paymentRecord,
        args: {
          receiptId,
          loanId: input.loanId,
          amount: toPesos(intent.amount),
          fecha: intent.fecha,
          amortizationId: input.amortizationId,
        },
        description,
        cobrado: toPesos(intent.amount),
      },
    };
  const target = rows.find((r) => r.id === input.amortizationId)!;
  return {
    ok: true,
    planned: {
      name: MUTATION.amortizationUpdate,
      args: {
        receiptId,
        loanId: input.loanId,
        amortizationId: input.amortizationId,
        baseVersion: target.version,
        ...wireEdit(input.edit),
      },
      description,
      cobrado: intent.kind === 'devolver' ? -toPesos(intent.amount) : 0,
    },
  };
}

/** The edit as it travels: money in pesos. */
const wireEdit = (edit: AmortizationUpdateInput) => ({
  ...(edit.pagada !== undefined ? { pagada: edit.pagada } : {}),
  ...(edit.parcial !== undefined ? { parcial: toPesos(edit.parcial) } : {}),
  ...(edit.fecha_pagada !== undefined ? { fecha_pagada: edit.fecha_pagada } : {}),
});

/** What a planned entry does to the rows the device shows. */
function effect(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  planned: Planned,
  today: IsoDate,
): EditOutcome {
  return planned.name === MUTATION.paymentRecord
    ? applyPayment(
        loan,
        rows,
        {
          receiptId: planned.args.receiptId,
          amount: Math.round(planned.args.amount * 100) as Cents,
          fecha: planned.args.fecha,
          amortizationId: planned.args.amortizationId ?? null,
        },
        today,
      )
    : applyRowEdit(loan, rows, planned.args, today);
}

/**
 * What `recordPayment` will do to rows the screen already holds, computed the same way, so the screen can show it
 * in the same frame as the tap while the write commits. A refusal carries the same message.
 */
export function previewPayment(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  input: PaymentInput,
  today: IsoDate,
): { ok: true; changed: LocalAmortization[] } | { ok: false; message: string } {
  const planned = plan(rows, input, today);
  if (!planned.ok) return planned;
  if (!planned.planned) return { ok: true, changed: [] };
  const outcome = effect(loan, rows, planned.planned, today);
  return outcome.ok ? { ok: true, changed: outcome.changed } : outcome;
}

/**
 * Records money for a loan (already validated with its schema). Refusals are the server's own rules and texts
 * (money above what the loan owes, paid or renewed rows edited). An edit that changes nothing queues nothing.
 */
export async function recordPayment(
  db: LocalDb,
  input: PaymentInput,
  ctx: PaymentContext,
): Promise<RecordResult> {
  const { loanId } = input;
  return db.transaction(
    'rw',
    [...db.loans.tables, ...db.schedules.tables, ...db.clients.tables, db.outbox, db.shadows, db.meta],
    async () => {
      const loan = await db.loans.get(loanId);
      if (!loan) return { ok: false, message: m.prestamoNoEncontrado };
      const rows = await scheduleOf(db, loanId);
      const planned = plan(rows, input, ctx.today);
      if (!planned.ok) return planned;
      if (!planned.planned) return { ok: true, entryId: null };
      const outcome = effect(loan, rows, planned.planned, ctx.today);
      if (!outcome.ok) return outcome;

      const changedIds = new Set(outcome.changed.map((r) => r.id));
      await keepServerCopies(db, loanId, { loan, rows: rows.filter((r) => changedIds.has(r.id)) });
      const changed = new Map(outcome.changed.map((r) => [r.id, r]));
      if (changed.size > 0)
        await writeSchedule(
          db,
          loanId,
          rows.map((r) => changed.get(r.id) ?? r),
        );
      // Most payments leave the loan's derived fields as they were. Writing it anyway would make every live
      // read of the loans table run again: the loans list behind the detail re-reads all of them (20,000
      // loans: ~0.4 s in Chromium), and the row's own update waits behind that read.
      if (!sameRecord(loan, outcome.loan)) await db.loans.put(outcome.loan);

      const id = await takeMutationId(db);
      const client = await db.clients.get(loan.client_id);
      const target = input.kind === 'fila' ? rows.find((r) => r.id === input.amortizationId) : undefined;
      const { name, args, description, cobrado } = planned.planned;
      const entry = {
        id,
        name,
        args,
        clientTime: ctx.now.toISOString(),
        status: 'pending',
        summary: {
          loanReference: loan.loan_reference,
          clientName: client?.nombre ?? '',
          ...(target ? { numeroPago: target.numero_pago } : {}),
          description,
          cobrado,
        },
        loanId,
        amortizationIds: [...changedIds],
        userId: ctx.userId,
      } as OutboxEntry;
      await db.outbox.add(entry);
      return { ok: true, entryId: id };
    },
  );
}
