// What is really a disagreement about money (docs/sincronizacion.md, decision 021): two corrections of one payment, or a row
// edit over a correction someone else made since its author looked. Applied, and listed in 'Conflictos de
// sincronización' with both values, users, devices and times for the office to review. A payment never is one.
import type { Db } from '../db/connect';

export interface ConflictRecord {
  accountId: number;
  loanId: number;
  /** The row edited (a row edit), or null (a correction of a payment). */
  amortizationId: number | null;
  /** The payment corrected twice; null for a row edit. */
  paymentId: number | null;
  serverValue: Record<string, unknown>;
  clientValue: Record<string, unknown>;
  appliedValue: Record<string, unknown>;
  /** Who made the change the author had not seen. */
  other: { userId: number | null; clientId: string | null };
  clientUserId: number;
  clientId: string | null;
  clientTime: Date | null;
  mutationId: number | null;
}

/** Stores the conflicts, in order. Sent at the call. */
export function insertConflicts(db: Db, records: readonly ConflictRecord[]): Promise<unknown> {
  if (records.length === 0) return Promise.resolve();
  const column = <T>(pick: (r: ConflictRecord) => T) => db.array(records.map(pick) as never[]);
  return db`insert into sync_conflicts (account_id, loan_id, amortization_id, payment_id, server_value,
      client_value, applied_value, server_user_id, server_changed_at, server_client_id, client_user_id, client_id,
      client_time, mutation_id)
    select r.account_id, r.loan_id, r.amortization_id, r.payment_id, r.server_value, r.client_value,
      r.applied_value, r.server_user_id,
      (select max(p.created_at) from payments p where p.account_id = r.account_id and p.loan_id = r.loan_id
        and p.kind = 'correccion' and p.user_id is not distinct from r.server_user_id),
      r.server_client_id, r.client_user_id, r.client_id, r.client_time, r.mutation_id
    from unnest(
      ${column((r) => r.accountId)}::bigint[],
      ${column((r) => r.loanId)}::bigint[],
      ${column((r) => r.amortizationId)}::bigint[],
      ${column((r) => r.paymentId)}::bigint[],
      ${column((r) => JSON.stringify(r.serverValue))}::jsonb[],
      ${column((r) => JSON.stringify(r.clientValue))}::jsonb[],
      ${column((r) => JSON.stringify(r.appliedValue))}::jsonb[],
      ${column((r) => r.other.userId)}::bigint[],
      ${column((r) => r.other.clientId)}::uuid[],
      ${column((r) => r.clientUserId)}::bigint[],
      ${column((r) => r.clientId)}::uuid[],
      ${column((r) => r.clientTime?.toISOString() ?? null)}::timestamptz[],
      ${column((r) => r.mutationId)}::bigint[]
    ) with ordinality as r(account_id, loan_id, amortization_id, payment_id, server_value, client_value,
      applied_value, server_user_id, server_client_id, client_user_id, client_id, client_time, mutation_id, n)
    order by r.n`.execute();
}
