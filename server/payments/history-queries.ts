// A loan's payment ledger as the office reads it (decision 021): every event with who, device and times, what
// each payment stands at, and which rows its money reached (the shared allocation, replayed here).
import { toCents, toPesos } from '../../shared/money';
import { allocateLedger, effectivePayments } from '../../shared/payments/ledger';
import type { LedgerEntry } from '../../shared/payments/types';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import type { Db } from '../db/connect';
import { type LocatedRow, placeColumns, placeOf } from '../location/places';

interface EventRow {
  id: number;
  receipt_id: string;
  kind: 'pago' | 'correccion';
  amount: string;
  fecha: string;
  amortization_id: number | null;
  corrects_id: number | null;
  reason: string | null;
  user_id: number | null;
  user_name: string | null;
  client_id: string | null;
  mutation_id: number | null;
  client_time: Date | null;
  created_at: Date;
  origen: LedgerEntry['origen'];
}

/**
 * The ledger of loan `loanId`, oldest first; undefined when the loan is not the account's or is in a municipality
 * the user is not assigned (docs/reglas-del-negocio.md). `located`: each event with where it was tapped and its
 * distance to the client's saved place (readers of locations only, REPORTES_VER; the others get no `ubicacion`).
 */
export async function loanLedger(
  db: Db,
  accountId: number,
  userId: number,
  loanId: number,
  located = false,
): Promise<LedgerEntry[] | undefined> {
  const [owned] = await db`select 1 from loans l
    where l.id = ${loanId} and l.account_id = ${accountId} and user_sees_municipality(${userId}, l.municipality_id)`;
  if (!owned) return undefined;
  const [rows, events] = await Promise.all([
    db<{ id: number; numero_pago: number; monto: string }[]>`select id, numero_pago, monto from amortizations
      where account_id = ${accountId} and loan_id = ${loanId} order by numero_pago`,
    db<
      (EventRow & Partial<LocatedRow>)[]
    >`select p.id, p.receipt_id, p.kind, p.amount, p.fecha::text as fecha,
        p.amortization_id, p.corrects_id, p.reason, p.user_id, u.name as user_name, p.client_id, p.mutation_id,
        p.client_time, p.created_at, p.origen ${located ? db`, ${placeColumns(db, 'p')}` : db``}
      from payments p left join users u on u.id = p.user_id
      ${
        located
          ? db`join loans l on l.id = p.loan_id and l.account_id = p.account_id
        left join lateral (select c.lat, c.lon from client_locations c
          where c.account_id = l.account_id and c.cliente_id = l.client_id order by c.id desc limit 1) cl on true`
          : db``
      }
      where p.account_id = ${accountId} and p.loan_id = ${loanId}
      order by p.id`,
  ]);
  const schedule = rows.map((r) => ({ id: r.id, numero_pago: r.numero_pago, monto: toCents(r.monto)! }));
  const ledger = events.map((e) => ({
    id: e.id,
    receiptId: e.receipt_id,
    kind: e.kind,
    amount: toCents(e.amount)!,
    fecha: e.fecha,
    amortizationId: e.amortization_id,
    correctsId: e.corrects_id,
  }));
  const standing = new Map(effectivePayments(ledger).map((p) => [p.event.id, p]));
  const { allocations } = allocateLedger(schedule, [...standing.values()]);
  const numero = new Map(schedule.map((r) => [r.id, r.numero_pago]));
  return events.map((e) => {
    const payment = standing.get(e.id);
    return {
      id: e.id,
      receipt_id: e.receipt_id,
      receipt_number: receiptNumber(e.receipt_id),
      kind: e.kind,
      amount: toPesos(toCents(e.amount)!),
      fecha: e.fecha,
      amortization_id: e.amortization_id,
      corrects_id: e.corrects_id,
      reason: e.reason,
      user: e.user_id === null ? null : { id: e.user_id, name: e.user_name ?? '' },
      client_id: e.client_id,
      mutation_id: e.mutation_id,
      client_time: e.client_time?.toISOString() ?? null,
      server_time: e.created_at.toISOString(),
      origen: e.origen,
      ...(located ? { ubicacion: placeOf(e as EventRow & LocatedRow).place } : {}),
      vigente: payment ? toPesos(payment.amount) : null,
      filas: payment
        ? allocations
            .filter((a) => a.receiptId === e.receipt_id)
            .map((a) => ({
              amortization_id: a.rowId,
              numero_pago: numero.get(a.rowId)!,
              monto: toPesos(a.amount),
            }))
        : [],
    };
  });
}

/** The events whose money reached row `amortizationId` (and their corrections); undefined: not the account's. */
export async function paymentRowHistory(
  db: Db,
  accountId: number,
  userId: number,
  loanId: number,
  amortizationId: number,
  located = false,
): Promise<LedgerEntry[] | undefined> {
  const [owned] = await db`select 1 from amortizations
    where id = ${amortizationId} and loan_id = ${loanId} and account_id = ${accountId}`;
  if (!owned) return undefined;
  const ledger = await loanLedger(db, accountId, userId, loanId, located);
  if (!ledger) return undefined;
  const reached = new Set(
    ledger
      .filter(
        (e) =>
          e.filas.some((f) => f.amortization_id === amortizationId) || e.amortization_id === amortizationId,
      )
      .map((e) => e.id),
  );
  return ledger.filter((e) => reached.has(e.id) || (e.corrects_id !== null && reached.has(e.corrects_id)));
}
