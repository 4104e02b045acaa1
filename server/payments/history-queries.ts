import type { PaymentChangeRecord } from '../../shared/payments/types';
import type { Db } from '../db/connect';
import type { RowSnapshot } from './queries';

interface HistoryRow {
  id: string;
  action: string;
  user_id: string | null;
  user_name: string | null;
  client_id: string | null;
  mutation_id: string | null;
  before: RowSnapshot | null;
  after: RowSnapshot | null;
  client_time: Date | null;
  server_time: Date;
}

/**
 * The audit rows of one payment row of one loan of the account, oldest first (DESIGN §5 audit log: who,
 * from which device, when on the phone and when it arrived). Undefined when the row is not the account's.
 */
export async function paymentRowHistory(
  db: Db,
  accountId: number,
  loanId: number,
  amortizationId: number,
): Promise<PaymentChangeRecord[] | undefined> {
  const [owned] = await db`select 1 from amortizations
    where id = ${amortizationId} and loan_id = ${loanId} and account_id = ${accountId}`;
  if (!owned) return undefined;
  const rows = await db<HistoryRow[]>`
    select a.id, a.action, a.user_id, u.name as user_name, a.client_id, a.mutation_id, a.before, a.after,
      a.client_time, a.server_time
    from audit_log a
    left join users u on u.id = a.user_id
    where a.account_id = ${accountId} and a.entity = 'amortizations' and a.entity_id = ${amortizationId}
    order by a.id`;
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    user: r.user_id === null ? null : { id: Number(r.user_id), name: r.user_name ?? '' },
    client_id: r.client_id,
    mutation_id: r.mutation_id === null ? null : Number(r.mutation_id),
    before: r.before,
    after: r.after,
    client_time: r.client_time?.toISOString() ?? null,
    server_time: r.server_time.toISOString(),
  }));
}
