import type { IsoDate } from '../../shared/dates';
import { type Cents, toCents, toNumericText } from '../../shared/money';
import type { PaymentRow } from '../../shared/payments/allocate';
import type { Db } from '../db/connect';

/**
 * Takes the account's next sync version now, which locks its `sync_versions` row until commit. Every writer
 * of synced rows takes that lock at its first write; taking it before the loan's rows keeps one lock order
 * (version, then loan rows) with the derived-field recompute, so the two cannot deadlock.
 */
export async function lockAccountVersion(db: Db, accountId: number): Promise<void> {
  await db`select sync_next_version(${accountId})`;
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

/** Writes the new values of `rows`; returns the sync version they were stamped with. */
export async function writePaymentRows(
  db: Db,
  accountId: number,
  userId: number,
  rows: readonly PaymentRow[],
): Promise<number> {
  const column = <T>(pick: (r: PaymentRow) => T) => db.array(rows.map(pick) as never[]);
  const updated = await db<{ version: number }[]>`update amortizations a set
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
    returning a.version`;
  return updated[0]!.version;
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

/** Appends one audit row per changed payment row (DESIGN §5); server_time is the database's now(). */
export async function appendPaymentAudit(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db`insert into audit_log ${db(
    entries.map((e) => ({
      account_id: e.accountId,
      user_id: e.userId,
      client_id: e.clientId,
      mutation_id: e.mutationId,
      entity: 'amortizations',
      entity_id: e.entityId,
      action: e.action,
      before: db.json({ ...e.before }),
      after: db.json({ ...e.after }),
      client_time: e.clientTime,
      recibo: e.recibo,
    })),
  )}`;
}
