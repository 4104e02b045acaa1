// THE way a payment is recorded on the device, online or offline (DESIGN §2): the rows change at once and
// an outbox entry is queued in the same Dexie transaction; the sync engine delivers it.
import type { IsoDate } from '../../shared/dates';
import { type Cents, formatMoney, toCents, toPesos } from '../../shared/money';
import { paymentMessages as m } from '../../shared/payments/messages';
import type { AmortizationUpdateInput } from '../../shared/payments/schemas';
import type { LocalDb } from './database';
import type { AmortizationUpdateArgs, LocalAmortization, LocalLoan, OutboxEntry } from './local-types';
import { takeMutationId } from './meta';
import { applyEdit, editOf, refusalMessage } from './payment-edit';
import { keepServerCopies } from './rebase';
import { scheduleOf, writeSchedule } from './schedules';

export interface PaymentContext {
  userId: number;
  /** The business's date on the phone: the paid date when the user gives none. */
  today: IsoDate;
  now: Date;
}

export type RecordResult = { ok: true; entryId: number | null } | { ok: false; message: string };

/** What the 'Pendientes de sincronizar' list says the edit was. */
export function describeEdit(args: Pick<AmortizationUpdateArgs, 'pagada' | 'parcial' | 'fecha_pagada'>) {
  if (args.pagada) return 'Pagado';
  if (args.parcial !== undefined)
    return args.parcial > 0 ? `Pago de ${formatMoney(args.parcial)}` : 'Monto pagado en $0.00';
  return 'Cambio de fecha pagada';
}

/** The money an edit took in (pesos; negative when it undid a payment): a paid row is one abono. */
function moneyTakenIn(
  loan: LocalLoan,
  before: readonly LocalAmortization[],
  after: readonly LocalAmortization[],
): number {
  const abono = toCents(loan.abono) ?? 0;
  const held = (r: LocalAmortization) => (r.pagada ? abono : (toCents(r.parcial) ?? 0));
  const byId = new Map(before.map((r) => [r.id, r]));
  const delta = after.reduce((sum, r) => sum + held(r) - (byId.has(r.id) ? held(byId.get(r.id)!) : 0), 0);
  return toPesos(delta as Cents);
}

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

/** The mutation's arguments: the date it happened on the phone travels with the edit (synced days later, a
 * payment keeps its day). */
function paymentArgs(
  target: LocalAmortization,
  input: { loanId: number; amortizationId: number; edit: AmortizationUpdateInput },
  today: IsoDate,
): AmortizationUpdateArgs {
  const { edit } = input;
  const receivesMoney = edit.pagada === true || (edit.parcial ?? 0) > 0;
  const fechaPagada = edit.fecha_pagada ?? (receivesMoney ? today : undefined);
  return {
    receiptId: crypto.randomUUID(),
    loanId: input.loanId,
    amortizationId: input.amortizationId,
    baseVersion: target.version,
    ...(edit.pagada !== undefined ? { pagada: edit.pagada } : {}),
    ...(edit.parcial !== undefined ? { parcial: toPesos(edit.parcial) } : {}),
    ...(fechaPagada !== undefined ? { fecha_pagada: fechaPagada } : {}),
  };
}

/**
 * What `recordPayment` will do to rows the screen already holds, computed the same way, so the screen can
 * show it in the same frame as the tap while the write commits. A refusal carries the same message.
 */
export function previewPayment(
  loan: LocalLoan,
  rows: readonly LocalAmortization[],
  amortizationId: number,
  edit: AmortizationUpdateInput,
  today: IsoDate,
): { ok: true; changed: LocalAmortization[] } | { ok: false; message: string } {
  const target = rows.find((r) => r.id === amortizationId);
  if (!target) return { ok: false, message: m.amortizacionNoEncontrada };
  const args = paymentArgs(target, { loanId: loan.id, amortizationId, edit }, today);
  const outcome = applyEdit(loan, rows, amortizationId, editOf(args), today);
  return outcome.ok
    ? { ok: true, changed: outcome.changed }
    : { ok: false, message: refusalMessage(outcome.refusal) };
}

/**
 * Records an edit of amortization `amortizationId` (already validated with `amortizationUpdateSchema`).
 * Refusals are the server's own rules and texts (paid or renewed rows, excess money). An edit that changes
 * nothing queues nothing.
 */
export async function recordPayment(
  db: LocalDb,
  input: { loanId: number; amortizationId: number; edit: AmortizationUpdateInput },
  ctx: PaymentContext,
): Promise<RecordResult> {
  const { loanId, amortizationId } = input;
  return db.transaction(
    'rw',
    [...db.loans.tables, ...db.schedules.tables, ...db.clients.tables, db.outbox, db.shadows, db.meta],
    async () => {
      const loan = await db.loans.get(loanId);
      if (!loan) return { ok: false, message: m.prestamoNoEncontrado };
      const rows = await scheduleOf(db, loanId);
      const target = rows.find((r) => r.id === amortizationId);
      if (!target) return { ok: false, message: m.amortizacionNoEncontrada };

      const args = paymentArgs(target, input, ctx.today);
      const outcome = applyEdit(loan, rows, amortizationId, editOf(args), ctx.today);
      if (!outcome.ok) return { ok: false, message: refusalMessage(outcome.refusal) };
      if (outcome.changed.length === 0) return { ok: true, entryId: null };

      const changedIds = new Set(outcome.changed.map((r) => r.id));
      const received = moneyTakenIn(loan, rows, outcome.changed);
      await keepServerCopies(db, loanId, { loan, rows: rows.filter((r) => changedIds.has(r.id)) });
      const changed = new Map(outcome.changed.map((r) => [r.id, r]));
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
      const entry: OutboxEntry = {
        id,
        name: 'amortization.update',
        args,
        clientTime: ctx.now.toISOString(),
        status: 'pending',
        summary: {
          loanReference: loan.loan_reference,
          clientName: client?.nombre ?? '',
          numeroPago: target.numero_pago,
          description: describeEdit(args),
          cobrado: received,
        },
        loanId,
        amortizationIds: [...changedIds],
        userId: ctx.userId,
      };
      await db.outbox.add(entry);
      return { ok: true, entryId: id };
    },
  );
}
