// 'Cerrar día' (docs/reglas-del-negocio.md §9): the collector's count of the day's cash, queued as
// `cash_count.create`. What the phone expects is shown from its own outbox; the server records its own figure
// from the synced payments.
import * as v from 'valibot';
import { type CashCountFormInput, cashCountFormSchema } from '../../shared/cash-counts/schemas';
import type { IsoDate } from '../../shared/dates';
import { type Cents, formatMoney, toPesos } from '../../shared/money';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import { entryMoney } from '../store/device-payments';
import { type CashCountOutboxEntry, isPaymentEntry, type OutboxEntry } from '../store/local-types';
import { takeMutationId } from '../store/meta';

export type RecordCashCountResult =
  | { ok: true; entryId: number; receiptId: string }
  | { ok: false; message: string; field?: string };

export async function recordCashCount(
  db: LocalDb,
  form: CashCountFormInput,
  ctx: { userId: number; today: IsoDate; now: Date },
): Promise<RecordCashCountResult> {
  const parsed = v.safeParse(cashCountFormSchema, form);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { ok: false, message: issue.message, field: v.getDotPath(issue) ?? undefined };
  }
  const contado = toPesos(parsed.output.contado as Cents);
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const id = await takeMutationId(db);
    const receiptId = crypto.randomUUID();
    const entry: CashCountOutboxEntry = {
      id,
      name: MUTATION.cashCountCreate,
      args: { receiptId, fecha: ctx.today, contado, nota: parsed.output.nota },
      clientTime: ctx.now.toISOString(),
      status: 'pending',
      summary: {
        loanReference: 'Corte de caja',
        clientName: '',
        description: `Contado ${formatMoney(contado)}`,
      },
      amortizationIds: [],
      userId: ctx.userId,
    };
    await db.outbox.add(entry);
    return { ok: true, entryId: id, receiptId };
  });
}

/**
 * The day's money by the user's payments recorded on this phone (pending or synced, not rejected, not undone), in
 * cents: each payment's amount on its business date — the same sum the server's corte takes from the ledger for
 * the user and the date (server/cash-counts/queries.ts recordedByMethod).
 */
export function recordedOnPhone(
  entries: readonly OutboxEntry[],
  userId: number,
  day: IsoDate,
  opts: { timeZone?: string; modalidadOf?: (loanId: number) => string } = {},
): {
  pagos: number;
  cobrado: Cents;
  porModalidad: { modalidad_pago: string; pagos: number; monto: Cents }[];
} {
  const { timeZone, modalidadOf } = opts;
  let pagos = 0;
  let cobrado = 0;
  const byMethod = new Map<string, { pagos: number; monto: number }>();
  for (const entry of entries) {
    if (!isPaymentEntry(entry) || entry.userId !== userId || entry.status === 'rejected') continue;
    const money = entryMoney(entry, timeZone);
    if (money.fecha !== day || money.amount === 0) continue;
    const amount = money.amount;
    pagos += 1;
    cobrado += amount;
    const method = modalidadOf?.(entry.loanId) ?? 'SIN MODALIDAD';
    const sum = byMethod.get(method) ?? { pagos: 0, monto: 0 };
    byMethod.set(method, { pagos: sum.pagos + 1, monto: sum.monto + amount });
  }
  const porModalidad = [...byMethod]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([modalidad_pago, s]) => ({ modalidad_pago, pagos: s.pagos, monto: s.monto as Cents }));
  return { pagos, cobrado: cobrado as Cents, porModalidad };
}
