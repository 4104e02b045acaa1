// SQL of the payment ledger (sql/020, decision 021): the loans a payment locks with their rows and events, the
// events it appends, the row columns it derives. Queries that a push sends together are sent at the call
// (`.execute()`), so the ones called in order travel in order in one round trip (sync/pipelined.ts).
import type { IsoDate } from '../../shared/dates';
import { isFix, type RecordedLocation } from '../../shared/location/types';
import { type Cents, toNumericText } from '../../shared/money';
import type { PaymentEvent, RowColumns } from '../../shared/payments/ledger';
import type { Db } from '../db/connect';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';

/** A row of a locked loan: its schedule, its stored columns and its sync version. */
export interface StoredRow {
  id: number;
  numero_pago: number;
  fecha_pago: IsoDate;
  monto: Cents;
  renovo: boolean;
  columns: RowColumns;
  version: number;
}

/** An event of a locked loan, with who recorded it and the sync version it took. */
export interface StoredEvent extends PaymentEvent {
  userId: number | null;
  clientId: string | null;
  version: number;
}

export interface LockedLoan {
  id: number;
  municipalityId: number;
  /** The loan's date: no payment of it is dated before (shared/date-rules.ts). */
  fechaInicio: IsoDate;
  abono: Cents;
  paymentMethodId: number;
  /** Settled by a renewal: its payments can no longer be corrected (the new loan deducted what it owed). */
  renewed: boolean;
  rows: StoredRow[];
  events: StoredEvent[];
}

// Money in centavos straight from SQL (numeric × 100 as int8): a push reads hundreds of amounts.
type RowDb = {
  loan_id: number;
  municipality_id: number;
  fecha_inicio: IsoDate;
  abono: Cents;
  payment_method_id: number;
  id: number;
  numero_pago: number;
  fecha_pago: IsoDate;
  monto: Cents;
  renovo: boolean;
  pagada: boolean;
  parcial: Cents;
  fecha_pagada: IsoDate | null;
  version: number;
};

type EventDb = {
  id: number;
  loan_id: number;
  receipt_id: string;
  kind: 'pago' | 'correccion';
  amount: Cents;
  fecha: IsoDate;
  amortization_id: number | null;
  corrects_id: number | null;
  user_id: number | null;
  client_id: string | null;
  version: number;
};

/**
 * The loans with their rows (locked `for update`, in loan id and numero_pago order: two transactions that lock
 * overlapping loans take them in the same order) and their events, in two statements sent together. Loans not
 * the account's, or of a municipality `userId` is not assigned, are missing from the map.
 */
export function lockLedgers(
  db: Db,
  accountId: number,
  loanIds: readonly number[],
  userId?: number,
): Promise<Map<number, LockedLoan>> {
  const ids = [...new Set(loanIds)].sort((a, b) => a - b);
  if (ids.length === 0) return Promise.resolve(new Map());
  const visible = userId === undefined ? db`` : db`and user_sees_municipality(${userId}, l.municipality_id)`;
  const rows = db<RowDb[]>`
    select a.loan_id, l.municipality_id, l.fecha_inicio::text as fecha_inicio, (l.abono * 100)::int8 as abono, l.payment_method_id, a.id, a.numero_pago,
      a.fecha_pago::text as fecha_pago, (a.monto * 100)::int8 as monto, a.renovo, a.pagada,
      (a.parcial * 100)::int8 as parcial,
      a.fecha_pagada::text as fecha_pagada, a.version
    from loans l
    join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    where l.id = any(${db.array(ids)}::bigint[]) and l.account_id = ${accountId} ${visible}
    order by l.id, a.numero_pago
    for update`.execute();
  const events = db<EventDb[]>`
    select p.id, p.loan_id, p.receipt_id, p.kind, (p.amount * 100)::int8 as amount, p.fecha::text as fecha,
      p.amortization_id,
      p.corrects_id, p.user_id, p.client_id, p.version
    from payments p
    where p.account_id = ${accountId} and p.loan_id = any(${db.array(ids)}::bigint[])
    order by p.id`.execute();
  return Promise.all([rows, events]).then(([rowList, eventList]) => {
    const loans = new Map<number, LockedLoan>();
    for (const r of rowList) {
      let loan = loans.get(r.loan_id);
      if (!loan) {
        loan = {
          id: r.loan_id,
          municipalityId: r.municipality_id,
          fechaInicio: r.fecha_inicio,
          abono: r.abono,
          paymentMethodId: r.payment_method_id,
          renewed: false,
          rows: [],
          events: [],
        };
        loans.set(r.loan_id, loan);
      }
      loan.renewed ||= r.renovo;
      loan.rows.push({
        id: r.id,
        numero_pago: r.numero_pago,
        fecha_pago: r.fecha_pago,
        monto: r.monto,
        renovo: r.renovo,
        columns: { pagada: r.pagada, parcial: r.parcial, fecha_pagada: r.fecha_pagada },
        version: r.version,
      });
    }
    for (const e of eventList)
      loans.get(e.loan_id)?.events.push({
        id: e.id,
        receiptId: e.receipt_id,
        kind: e.kind,
        amount: e.amount,
        fecha: e.fecha,
        amortizationId: e.amortization_id,
        correctsId: e.corrects_id,
        userId: e.user_id,
        clientId: e.client_id,
        version: e.version,
      });
    return loans;
  });
}

/** The loans of the payments these receipts name (what a correction must lock), by receipt. */
export function loansOfReceipts(
  db: Db,
  accountId: number,
  receiptIds: readonly string[],
): Promise<Map<string, number>> {
  if (receiptIds.length === 0) return Promise.resolve(new Map());
  return db<{ receipt_id: string; loan_id: number }[]>`select receipt_id, loan_id from payments
    where account_id = ${accountId} and receipt_id = any(${db.array([...receiptIds])}::uuid[])`
    .execute()
    .then((rows) => new Map(rows.map((r) => [r.receipt_id, r.loan_id])));
}

/** A new event: a payment, or a correction of the payment with receipt `correctsReceipt`. */
export interface NewEvent {
  receiptId: string;
  loanId: number;
  kind: 'pago' | 'correccion';
  amount: Cents;
  fecha: IsoDate;
  amortizationId: number | null;
  correctsReceipt: string | null;
  reason: string | null;
  paymentMethodId: number | null;
  userId: number;
  clientId: string | null;
  mutationId: number | null;
  clientTime: Date | null;
  /** Where the payment was tapped, or why not; null when the phone did not say. */
  location: RecordedLocation | null;
  origen: 'telefono' | 'oficina';
}

const fixOf = (e: NewEvent) => (e.location && isFix(e.location) ? e.location : null);

/**
 * Appends events in order (payments first, so a correction of a payment of the same batch finds it). A receipt
 * stored meanwhile (a concurrent push of the same payment) fails the statement: see `isReceiptRace`. A location
 * is kept only while the account records them (sql/022). Sent at the call.
 */
export function insertEvents(db: Db, accountId: number, events: readonly NewEvent[]): Promise<unknown>[] {
  const insert = (list: readonly NewEvent[]) => {
    if (list.length === 0) return Promise.resolve();
    const col = <T>(pick: (e: NewEvent) => T) => db.array(list.map(pick) as never[]);
    return db`insert into payments (account_id, receipt_id, loan_id, kind, amount, fecha, amortization_id,
        corrects_id, reason, payment_method_id, user_id, client_id, mutation_id, client_time, origen,
        ubicacion_lat, ubicacion_lon, ubicacion_precision_m, ubicacion_tomada, sin_ubicacion)
      select ${accountId}, e.receipt_id, e.loan_id, e.kind, e.amount, e.fecha, e.amortization_id,
        (select p.id from payments p where p.account_id = ${accountId} and p.receipt_id = e.corrects),
        e.reason, e.payment_method_id, e.user_id, e.client_id, e.mutation_id, e.client_time, e.origen,
        case when a.registrar_ubicacion then e.lat end, case when a.registrar_ubicacion then e.lon end,
        case when a.registrar_ubicacion then e.precision_m end,
        case when a.registrar_ubicacion then e.tomada end, case when a.registrar_ubicacion then e.sin end
      from accounts a, unnest(
        ${col((e) => e.receiptId)}::uuid[],
        ${col((e) => e.loanId)}::bigint[],
        ${col((e) => e.kind)}::text[],
        ${col((e) => toNumericText(e.amount))}::numeric[],
        ${col((e) => e.fecha)}::date[],
        ${col((e) => e.amortizationId)}::bigint[],
        ${col((e) => e.correctsReceipt)}::uuid[],
        ${col((e) => e.reason)}::text[],
        ${col((e) => e.paymentMethodId)}::bigint[],
        ${col((e) => e.userId)}::bigint[],
        ${col((e) => e.clientId)}::uuid[],
        ${col((e) => e.mutationId)}::bigint[],
        ${col((e) => e.clientTime?.toISOString() ?? null)}::timestamptz[],
        ${col((e) => e.origen)}::text[],
        ${col((e) => fixOf(e)?.lat ?? null)}::float8[],
        ${col((e) => fixOf(e)?.lon ?? null)}::float8[],
        ${col((e) => fixOf(e)?.precision ?? null)}::float8[],
        ${col((e) => fixOf(e)?.tomada ?? null)}::timestamptz[],
        ${col((e) => (e.location && !isFix(e.location) ? e.location.sin : null))}::text[]
      ) with ordinality as e(receipt_id, loan_id, kind, amount, fecha, amortization_id, corrects, reason,
        payment_method_id, user_id, client_id, mutation_id, client_time, origen, lat, lon, precision_m, tomada,
        sin, n)
      where a.id = ${accountId}
      order by e.n`.execute();
  };
  return [
    insert(events.filter((e) => e.kind === 'pago')),
    insert(events.filter((e) => e.kind === 'correccion')),
  ];
}

/** A row whose derived columns change. */
export interface RowWrite extends RowColumns {
  id: number;
}

/** Writes the rows' derived columns; answers each row's new sync version. Sent at the call. */
export function writeRows(
  db: Db,
  accountId: number,
  userId: number,
  rows: readonly RowWrite[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return Promise.resolve(new Map());
  const col = <T>(pick: (r: RowWrite) => T) => db.array(rows.map(pick) as never[]);
  return db<{ id: number; version: number }[]>`update amortizations a set
      pagada = v.pagada,
      parcial = v.parcial,
      fecha_pagada = v.fecha_pagada,
      updated_by = ${userId},
      updated_at = now()
    from unnest(
      ${col((r) => r.id)}::bigint[],
      ${col((r) => r.pagada)}::boolean[],
      ${col((r) => toNumericText(r.parcial))}::numeric[],
      ${col((r) => r.fecha_pagada)}::date[]
    ) as v(id, pagada, parcial, fecha_pagada)
    where a.id = v.id and a.account_id = ${accountId}
    returning a.id, a.version`
    .execute()
    .then((written) => new Map(written.map((r) => [r.id, r.version])));
}

/** Which of these receipts the account has already used (a payment event, or a receipt of an older version). */
export function storedReceipts(
  db: Db,
  accountId: number,
  receiptIds: readonly string[],
): Promise<Set<string>> {
  if (receiptIds.length === 0) return Promise.resolve(new Set());
  const ids = db.array([...receiptIds]);
  return db<{ receipt_id: string }[]>`
    select receipt_id from payments where account_id = ${accountId} and receipt_id = any(${ids}::uuid[])
    union
    select receipt_id from payment_receipts where account_id = ${accountId} and receipt_id = any(${ids}::uuid[])`
    .execute()
    .then((rows) => new Set(rows.map((r) => r.receipt_id)));
}

/**
 * Keeps the receipts of row edits that brought no event (nothing changed): a replay of one must still be a
 * duplicate. One stored meanwhile fails the statement (`isReceiptRace`). Sent at the call.
 */
export function insertBareReceipts(
  db: Db,
  accountId: number,
  clientId: string | null,
  receipts: readonly { receiptId: string; amortizationId: number; mutationId: number | null }[],
): Promise<unknown> {
  if (receipts.length === 0) return Promise.resolve();
  return db`insert into payment_receipts (receipt_id, account_id, amortization_id, client_id, mutation_id)
    select r, ${accountId}::bigint, a, ${clientId}::uuid, m
    from unnest(${db.array(receipts.map((r) => r.receiptId))}::uuid[],
      ${db.array(receipts.map((r) => r.amortizationId))}::bigint[],
      ${db.array(receipts.map((r) => r.mutationId) as never[])}::bigint[]) as t(r, a, m)`.execute();
}

/** A receipt another transaction stored first (a concurrent push of the same payment): run the push again. */
export const isReceiptRace = (err: unknown): boolean =>
  pgErrorCode(err) === UNIQUE_VIOLATION &&
  ['payments_account_id_receipt_id_key', 'payment_receipts_pkey'].includes(
    String((err as { constraint_name?: unknown }).constraint_name),
  );
