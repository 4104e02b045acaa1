import type { PendingQuery, Row } from 'postgres';
import type { Visit } from '../../shared/visits/types';
import type { Db } from '../db/connect';

export interface VisitWrite {
  accountId: number;
  loanId: number;
  userId: number;
  motivo: string;
  fecha: string;
  fechaPromesa: string | null;
  nota: string | null;
  receiptId: string;
  clientId: string;
  mutationId: number;
  clientTime: Date | null;
}

/** True when the loan is the account's and in one of the user's municipalities. */
export async function loanVisibleTo(db: Db, accountId: number, userId: number, loanId: number) {
  const rows = await db`select 1 from loans
    where id = ${loanId} and account_id = ${accountId} and user_sees_municipality(${userId}, municipality_id)`;
  return rows.length > 0;
}

/** The new visit's id, or null when its receipt is already stored (a replay under another mutation id). */
export async function insertVisit(db: Db, w: VisitWrite): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`insert into visits (account_id, loan_id, user_id, motivo, fecha,
      fecha_promesa, nota, receipt_id, client_id, mutation_id, client_time)
    values (${w.accountId}, ${w.loanId}, ${w.userId}, ${w.motivo}, ${w.fecha}, ${w.fechaPromesa}, ${w.nota},
      ${w.receiptId}, ${w.clientId}, ${w.mutationId}, ${w.clientTime})
    on conflict (account_id, receipt_id) do nothing
    returning id`;
  return row?.id ?? null;
}

interface VisitRow extends Omit<Visit, 'client_time' | 'created_at'> {
  client_time: Date | null;
  created_at: Date;
}

export const toVisit = (r: VisitRow): Visit => ({
  ...r,
  client_time: r.client_time?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

const visitColumns = (db: Db) => db`v.id, v.loan_id, v.user_id, u.name as user_name, v.motivo,
  v.fecha::text as fecha, v.fecha_promesa::text as fecha_promesa, v.nota, v.receipt_id, v.client_time,
  v.created_at, v.version`;

/** The sync page's visits, by id. */
export async function visitsByIds(
  db: Db,
  accountId: number,
  ids: readonly number[] | PendingQuery<Row[]>,
): Promise<Visit[]> {
  const idList = Array.isArray(ids) ? db`${db.array([...ids])}::bigint[]` : ids;
  const rows = await db<VisitRow[]>`select ${visitColumns(db)}
    from visits v join users u on u.id = v.user_id
    where v.account_id = ${accountId} and v.id = any(${idList})
    order by v.version, v.id`;
  return rows.map(toVisit);
}

/** A loan's visits, newest first. */
export async function visitsOfLoan(db: Db, accountId: number, loanId: number): Promise<Visit[]> {
  const rows = await db<VisitRow[]>`select ${visitColumns(db)}
    from visits v join users u on u.id = v.user_id
    where v.account_id = ${accountId} and v.loan_id = ${loanId}
    order by v.fecha desc, v.id desc`;
  return rows.map(toVisit);
}
