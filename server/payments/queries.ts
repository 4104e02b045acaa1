import type { IsoDate } from '../../shared/dates';
import { type Cents, toCents, toNumericText } from '../../shared/money';
import type { PaymentRow } from '../../shared/payments/allocate';
import type { Db } from '../db/connect';

/**
 * Takes the account's next sync version now, which locks its `sync_versions` row until commit. Writers other
 * than payments take it first, before any row (after waiting, in sql/015's `sync_next_version`, for the
 * account's payment transactions in flight): version, then loan rows, one order with the derived-field
 * recompute, so the two cannot deadlock.
 */
export async function lockAccountVersion(db: Db, accountId: number): Promise<void> {
  await db`select sync_next_version(${accountId})`;
}

/**
 * Makes this transaction a payment writer (decision 015): it locks its rows first and takes the version at its
 * writes, last. Writers that take the version first wait for it, and it waits for them, before any lock.
 * Sent at the call, like the other queries of a pipeline here (server/payments/pipelined.ts).
 */
export function takeVersionLast(db: Db, accountId: number): Promise<unknown> {
  return db`select sync_begin_push(${accountId})`.execute();
}

export interface StoredPaymentRow extends PaymentRow {
  version: number;
  updated_by: number | null;
  updated_at: Date;
}

/**
 * The loan's abono and its rows in numero_pago order, loan and rows locked (`for update`) in one statement,
 * so two edits of one loan queue up. Undefined when the loan is not the account's.
 */
export async function lockLoanRows(
  db: Db,
  accountId: number,
  loanId: number,
  /** When given, a loan of a municipality this user is not assigned is not found (DESIGN §9). */
  userId?: number,
): Promise<{ abono: Cents; rows: StoredPaymentRow[] } | undefined> {
  const rows = await db<(Omit<StoredPaymentRow, 'parcial'> & { parcial: string; abono: string })[]>`
    select l.abono, a.id, a.numero_pago, a.pagada, a.renovo, a.parcial, a.fecha_pagada::text as fecha_pagada,
      a.version, a.updated_by, a.updated_at
    from loans l
    join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    where l.id = ${loanId} and l.account_id = ${accountId}
      ${userId === undefined ? db`` : db`and user_sees_municipality(${userId}, l.municipality_id)`}
    order by a.numero_pago
    for update`;
  if (rows.length === 0) return undefined;
  return {
    abono: toCents(rows[0]!.abono)!,
    rows: rows.map(({ abono: _abono, ...r }) => ({ ...r, parcial: toCents(r.parcial)! })),
  };
}

export interface LockedLoan {
  abono: Cents;
  rows: StoredPaymentRow[];
}

/**
 * `lockLoanRows` for several loans in one statement, loans and rows locked in (loan id, numero_pago) order:
 * two transactions that lock overlapping loans take them in the same order. Loans not the account's, or of
 * a municipality `userId` is not assigned, are missing from the map.
 */
export function lockLoansRows(
  db: Db,
  accountId: number,
  loanIds: readonly number[],
  userId: number,
): Promise<Map<number, LockedLoan>> {
  if (loanIds.length === 0) return Promise.resolve(new Map());
  return db<(Omit<StoredPaymentRow, 'parcial'> & { loan_id: number; parcial: string; abono: string })[]>`
    select a.loan_id, l.abono, a.id, a.numero_pago, a.pagada, a.renovo, a.parcial,
      a.fecha_pagada::text as fecha_pagada, a.version, a.updated_by, a.updated_at
    from loans l
    join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    where l.id = any(${db.array([...new Set(loanIds)])}::bigint[]) and l.account_id = ${accountId}
      and user_sees_municipality(${userId}, l.municipality_id)
    order by l.id, a.numero_pago
    for update`
    .execute()
    .then((rows) => {
      const loans = new Map<number, LockedLoan>();
      for (const { loan_id, abono, ...r } of rows) {
        let loan = loans.get(loan_id);
        if (!loan) {
          loan = { abono: toCents(abono)!, rows: [] };
          loans.set(loan_id, loan);
        }
        loan.rows.push({ ...r, parcial: toCents(r.parcial)! });
      }
      return loans;
    });
}

/** Writes the new values of `rows`; returns the sync version they were stamped with. Sent at the call. */
export function writePaymentRows(
  db: Db,
  accountId: number,
  userId: number,
  rows: readonly PaymentRow[],
): Promise<number> {
  const column = <T>(pick: (r: PaymentRow) => T) => db.array(rows.map(pick) as never[]);
  return db<{ version: number }[]>`update amortizations a set
      pagada = v.pagada,
      parcial = v.parcial,
      fecha_pagada = v.fecha_pagada,
      updated_by = ${userId},
      updated_at = now()
    from unnest(
      ${column((r) => r.id)}::bigint[],
      ${column((r) => r.pagada)}::boolean[],
      ${column((r) => toNumericText(r.parcial))}::numeric[],
      ${column((r) => r.fecha_pagada)}::date[]
    ) as v(id, pagada, parcial, fecha_pagada)
    where a.id = v.id and a.account_id = ${accountId}
    returning a.version`
    .execute()
    .then((updated) => updated[0]!.version);
}

/** The same shape as shared/payments/types.ts PaymentValue. */
export interface RowSnapshot {
  pagada: boolean;
  /** Pesos. */
  parcial: number;
  fecha_pagada: IsoDate | null;
  version: number;
}

export interface AuditEntry {
  accountId: number;
  userId: number;
  clientId: string | null;
  mutationId: number | null;
  entityId: number;
  action: string;
  before: RowSnapshot;
  after: RowSnapshot;
  clientTime: Date | null;
  /** The phone receipt's short number (shared/receipts), for a synced payment. */
  recibo: string | null;
}

/** The version a payment's writes take, while the program does not know it yet (sql/015 sync_stamp_json). */
export const PENDING_VERSION = -1;

/**
 * Appends one audit row per changed payment row (DESIGN §5); server_time is the database's now(). A snapshot
 * version of PENDING_VERSION is stored as the transaction's version, taken by an earlier statement.
 */
export function appendPaymentAudit(db: Db, entries: readonly AuditEntry[]): Promise<unknown> {
  if (entries.length === 0) return Promise.resolve();
  const column = <T>(pick: (e: AuditEntry) => T) => db.array(entries.map(pick) as never[]);
  const json = (value: RowSnapshot) => JSON.stringify(value);
  return db`insert into audit_log (account_id, user_id, client_id, mutation_id, entity, entity_id, action,
      before, after, client_time, recibo)
    select e.account_id, e.user_id, e.client_id, e.mutation_id, 'amortizations', e.entity_id, e.action,
      sync_stamp_json(e.before, e.account_id), sync_stamp_json(e.after, e.account_id), e.client_time, e.recibo
    from unnest(
      ${column((e) => e.accountId)}::bigint[],
      ${column((e) => e.userId)}::bigint[],
      ${column((e) => e.clientId)}::uuid[],
      ${column((e) => e.mutationId)}::bigint[],
      ${column((e) => e.entityId)}::bigint[],
      ${column((e) => e.action)}::text[],
      ${column((e) => json(e.before))}::jsonb[],
      ${column((e) => json(e.after))}::jsonb[],
      ${column((e) => e.clientTime?.toISOString() ?? null)}::timestamptz[],
      ${column((e) => e.recibo)}::text[]
    ) with ordinality as e(account_id, user_id, client_id, mutation_id, entity_id, action, before, after,
      client_time, recibo, n)
    order by e.n`.execute();
}
