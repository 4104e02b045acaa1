import type { ReceiptLookup } from '../../shared/cash-counts/types';
import { toCents, toPesos } from '../../shared/money';
import { MUTATION } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

type Row = Omit<ReceiptLookup, 'client_time' | 'server_time' | 'monto'> & {
  client_time: Date | null;
  server_time: Date;
  monto: string | null;
};

/**
 * What receipt number `recibo` ('R-3F9A-12C7', the first eight hex digits of the phone's receipt id) stands for in
 * the account: a payment or correction of the ledger (sql/020), or a visit or cash count (their audit rows).
 */
export async function findReceipt(db: Db, scope: Scope, recibo: string): Promise<ReceiptLookup[]> {
  const { accountId } = scope;
  const hex = recibo.replace(/[^0-9A-F]/g, '').toLowerCase();
  // The receipt ids whose text starts with those digits: a range of the (account_id, receipt_id) index.
  const from = `${hex}-0000-0000-0000-000000000000`;
  const to = `${hex}-ffff-ffff-ffff-ffffffffffff`;
  const rows = await db<Row[]>`
    select ${recibo} as recibo, case p.kind when 'pago' then ${MUTATION.paymentRecord}::text else ${MUTATION.paymentCorrect}::text end
        as action,
      'payments' as entity, p.id as entity_id, u.name as user_name, l.id as loan_id, l.loan_reference,
      c.nombre as client_nombre, a.numero_pago, p.amount::text as monto,
      jsonb_build_object('fecha', p.fecha::text, 'motivo', p.reason) as after, p.client_time,
      p.created_at as server_time, p.id as n
    from payments p
    join loans l on l.id = p.loan_id and l.account_id = p.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    left join users u on u.id = p.user_id
    left join amortizations a on a.id = p.amortization_id
    where p.account_id = ${accountId} and p.receipt_id between ${from}::uuid and ${to}::uuid
      ${inTowns(db, scope, 'l.municipality_id')}
    union all
    select g.recibo, g.action, g.entity, g.entity_id, u.name as user_name, l.id as loan_id, l.loan_reference,
      c.nombre as client_nombre, null::int as numero_pago, null::text as monto, g.after, g.client_time,
      g.server_time, g.id as n
    from audit_log g
    left join users u on u.id = g.user_id
    left join visits v on g.entity = 'visits' and v.id = g.entity_id
    left join loans l on l.id = v.loan_id
    left join clients c on c.id = l.client_id
    where g.account_id = ${accountId} and g.recibo = ${recibo} and g.entity <> 'amortizations'
      -- A visit is its loan's town's; a cash count belongs to its collector, not to a town.
      and (l.id is null or true ${inTowns(db, scope, 'l.municipality_id')})
    order by server_time, n`;
  return rows.map(({ n: _n, ...r }: Row & { n?: number }) => ({
    ...r,
    monto: r.monto === null ? null : toPesos(toCents(r.monto)!),
    client_time: r.client_time?.toISOString() ?? null,
    server_time: r.server_time.toISOString(),
  }));
}
