import type { ReceiptLookup } from '../../shared/cash-counts/types';
import type { Db } from '../db/connect';

type Row = Omit<ReceiptLookup, 'client_time' | 'server_time'> & {
  client_time: Date | null;
  server_time: Date;
};

/** The account's audit rows carrying receipt number `recibo` (a payment may have changed several rows). */
export async function findReceipt(db: Db, accountId: number, recibo: string): Promise<ReceiptLookup[]> {
  const rows = await db<Row[]>`select g.recibo, g.action, g.entity, g.entity_id, u.name as user_name,
      l.id as loan_id, l.loan_reference, c.nombre as client_nombre, a.numero_pago, g.after, g.client_time,
      g.server_time
    from audit_log g
    left join users u on u.id = g.user_id
    left join amortizations a on g.entity = 'amortizations' and a.id = g.entity_id
    left join visits v on g.entity = 'visits' and v.id = g.entity_id
    left join loans l on l.id = coalesce(a.loan_id, v.loan_id)
    left join clients c on c.id = l.client_id
    where g.account_id = ${accountId} and g.recibo = ${recibo}
    order by g.id`;
  return rows.map((r) => ({
    ...r,
    client_time: r.client_time?.toISOString() ?? null,
    server_time: r.server_time.toISOString(),
  }));
}
