import type { MutationOutcome, MutationResult } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import type { RowSnapshot } from '../payments/queries';

export interface SyncClientRow {
  user_id: number;
  account_id: number;
  last_mutation_id: number;
}

/** Binds `clientId` to the user on its first push; answers the stored binding (maybe another user's). */
export async function bindClient(
  db: Db,
  clientId: string,
  userId: number,
  accountId: number,
  userAgent: string | null,
): Promise<SyncClientRow> {
  await db`insert into sync_clients (client_id, user_id, account_id, user_agent)
    values (${clientId}, ${userId}, ${accountId}, ${userAgent})
    on conflict (client_id) do nothing`;
  const [row] = await db<SyncClientRow[]>`select user_id, account_id, last_mutation_id from sync_clients
    where client_id = ${clientId}`;
  return row!;
}

export async function findClient(db: Db, clientId: string): Promise<SyncClientRow | undefined> {
  const [row] = await db<SyncClientRow[]>`select user_id, account_id, last_mutation_id from sync_clients
    where client_id = ${clientId}`;
  return row;
}

/** Locks the client's row for the rest of the transaction: one mutation of a client at a time. */
export async function lockClient(db: Db, clientId: string): Promise<number> {
  const [row] = await db<{ last_mutation_id: number }[]>`select last_mutation_id from sync_clients
    where client_id = ${clientId} for update`;
  return row!.last_mutation_id;
}

export async function storedResult(db: Db, clientId: string, mutationId: number): Promise<MutationResult> {
  const [row] = await db<{ status: MutationOutcome | 'skipped'; reason: string | null }[]>`
    select status, reason from sync_mutation_results
    where client_id = ${clientId} and mutation_id = ${mutationId}`;
  return {
    id: mutationId,
    status: 'skipped',
    ...(row ? { outcome: row.status } : {}),
    ...(row?.reason ? { reason: row.reason } : {}),
  };
}

/** Records the outcome and advances the client's last id, in the mutation's own transaction. */
export async function recordResult(
  db: Db,
  clientId: string,
  mutationId: number,
  name: string,
  status: MutationOutcome | 'skipped',
  reason: string | null,
): Promise<void> {
  await db`with result as (
      insert into sync_mutation_results (client_id, mutation_id, name, status, reason)
      values (${clientId}, ${mutationId}, ${name}, ${status}, ${reason})
    )
    update sync_clients set last_mutation_id = ${mutationId}, last_seen_at = now()
    where client_id = ${clientId}`;
}

export async function receiptExists(db: Db, receiptId: string): Promise<boolean> {
  const rows = await db`select 1 from payment_receipts where receipt_id = ${receiptId}`;
  return rows.length > 0;
}

/** False when the receipt is already stored (a concurrent push of the same payment won the race). */
export async function insertReceipt(
  db: Db,
  r: { receiptId: string; accountId: number; amortizationId: number; clientId: string; mutationId: number },
): Promise<boolean> {
  const rows = await db`insert into payment_receipts (receipt_id, account_id, amortization_id, client_id,
      mutation_id)
    values (${r.receiptId}, ${r.accountId}, ${r.amortizationId}, ${r.clientId}, ${r.mutationId})
    on conflict (receipt_id) do nothing
    returning receipt_id`;
  return rows.length > 0;
}

export interface OtherChange {
  user_id: number | null;
  client_id: string | null;
  server_time: Date;
}

/**
 * The latest change of the row made after `baseVersion` by someone other than `clientId` (another device,
 * or an online call), or undefined: a client's own earlier edits never count as a conflict with it.
 */
export async function otherChangeSince(
  db: Db,
  accountId: number,
  amortizationId: number,
  baseVersion: number,
  clientId: string,
): Promise<OtherChange | undefined> {
  const [row] = await db<OtherChange[]>`select user_id, client_id, server_time from audit_log
    where account_id = ${accountId} and entity = 'amortizations' and entity_id = ${amortizationId}
      and (after->>'version')::bigint > ${baseVersion}
      and client_id is distinct from ${clientId}::uuid
    order by id desc
    limit 1`;
  return row;
}

export interface ConflictRecord {
  accountId: number;
  loanId: number;
  amortizationId: number;
  serverValue: RowSnapshot;
  clientValue: Record<string, unknown>;
  appliedValue: RowSnapshot;
  other: OtherChange;
  clientUserId: number;
  clientId: string;
  clientTime: Date | null;
  mutationId: number;
}

export async function insertConflict(db: Db, r: ConflictRecord): Promise<void> {
  await db`insert into sync_conflicts (account_id, loan_id, amortization_id, server_value, client_value,
      applied_value, server_user_id, server_changed_at, server_client_id, client_user_id, client_id,
      client_time, mutation_id)
    values (${r.accountId}, ${r.loanId}, ${r.amortizationId}, ${db.json({ ...r.serverValue })},
      ${db.json(JSON.parse(JSON.stringify(r.clientValue)))}, ${db.json({ ...r.appliedValue })},
      ${r.other.user_id}, ${r.other.server_time}, ${r.other.client_id}, ${r.clientUserId}, ${r.clientId},
      ${r.clientTime}, ${r.mutationId})`;
}
