import { receiptNumber } from '../../shared/receipts/receipt-number';
import type { SyncConflict } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

type Person = { id: number; name: string } | null;

interface ConflictRow
  extends Omit<
    SyncConflict,
    | 'server_user'
    | 'client_user'
    | 'reviewed_by'
    | 'server_changed_at'
    | 'client_time'
    | 'created_at'
    | 'reviewed_at'
    | 'payment_receipt_number'
  > {
  server_user_id: number | null;
  server_user_name: string | null;
  client_user_id: number;
  client_user_name: string;
  reviewed_by_id: number | null;
  reviewed_by_name: string | null;
  server_changed_at: Date | null;
  client_time: Date | null;
  created_at: Date;
  reviewed_at: Date | null;
  payment_receipt_id: string | null;
}

const person = (id: number | null, name: string | null): Person =>
  id === null ? null : { id, name: name ?? '' };

const toConflict = (r: ConflictRow): SyncConflict => ({
  id: r.id,
  loan_id: r.loan_id,
  loan_reference: r.loan_reference,
  amortization_id: r.amortization_id,
  numero_pago: r.numero_pago,
  payment_id: r.payment_id,
  payment_receipt_number: r.payment_receipt_id ? receiptNumber(r.payment_receipt_id) : null,
  client_nombre: r.client_nombre,
  server_value: r.server_value,
  client_value: r.client_value,
  applied_value: r.applied_value,
  server_user: person(r.server_user_id, r.server_user_name),
  server_client_id: r.server_client_id,
  server_changed_at: r.server_changed_at?.toISOString() ?? null,
  client_user: person(r.client_user_id, r.client_user_name)!,
  client_id: r.client_id,
  client_time: r.client_time?.toISOString() ?? null,
  mutation_id: r.mutation_id,
  created_at: r.created_at.toISOString(),
  reviewed_at: r.reviewed_at?.toISOString() ?? null,
  reviewed_by: person(r.reviewed_by_id, r.reviewed_by_name),
});

const select = (db: Db, scope: Scope) => db`
  select k.id, k.loan_id, l.loan_reference, k.amortization_id, a.numero_pago, k.payment_id,
    p.receipt_id as payment_receipt_id, c.nombre as client_nombre,
    k.server_value, k.client_value, k.applied_value,
    k.server_user_id, su.name as server_user_name, k.server_client_id, k.server_changed_at,
    k.client_user_id, cu.name as client_user_name, k.client_id, k.client_time, k.mutation_id, k.created_at,
    k.reviewed_at, k.reviewed_by as reviewed_by_id, ru.name as reviewed_by_name
  from sync_conflicts k
  join loans l on l.id = k.loan_id and l.account_id = k.account_id
  join clients c on c.id = l.client_id and c.account_id = l.account_id
  left join amortizations a on a.id = k.amortization_id and a.account_id = k.account_id
  left join payments p on p.id = k.payment_id and p.account_id = k.account_id
  left join users su on su.id = k.server_user_id
  left join users cu on cu.id = k.client_user_id
  left join users ru on ru.id = k.reviewed_by
  where k.account_id = ${scope.accountId} ${inTowns(db, scope, 'l.municipality_id')}`;

/** The scope's conflicts, newest first; `reviewed` false: still to review, true: reviewed, null: all. */
export async function listConflicts(db: Db, scope: Scope, reviewed: boolean | null) {
  const filter =
    reviewed === null ? db`` : reviewed ? db`and k.reviewed_at is not null` : db`and k.reviewed_at is null`;
  const rows = await db<ConflictRow[]>`${select(db, scope)} ${filter}
    order by k.created_at desc, k.id desc limit 500`;
  return rows.map(toConflict);
}

/** Marks it reviewed (the first review is kept); undefined when it is not one of the scope's. */
export async function reviewConflict(db: Db, scope: Scope, id: number, userId: number) {
  await db`update sync_conflicts k set reviewed_at = now(), reviewed_by = ${userId}
    from loans l
    where k.id = ${id} and k.account_id = ${scope.accountId} and k.reviewed_at is null
      and l.id = k.loan_id and l.account_id = k.account_id ${inTowns(db, scope, 'l.municipality_id')}`;
  const [row] = await db<ConflictRow[]>`${select(db, scope)} and k.id = ${id}`;
  return row && toConflict(row);
}
