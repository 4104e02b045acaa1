import type { IsoDate } from '../../shared/dates';
import type { Db } from '../db/connect';

/**
 * Recomputes the derived fields of an account's loans (docs/reglas-del-negocio.md), optionally only `loanIds`, in one statement:
 * - pagada: every row paid or renewed (a loan without rows is not paid);
 * - num_pago: rows whose fecha_pago ≤ today, capped at total_pagos;
 * - vencido: not pagada and today > fecha_fin;
 * - closed_at: kept (or now()) while pagada, null otherwise.
 * Only rows whose values change are written, so the sync version of an unchanged loan does not move.
 * Same rules as `deriveLoanState` in shared/loans/derived.ts. Returns the ids of the loans it changed.
 */
export function recomputeLoans(
  db: Db,
  accountId: number,
  today: IsoDate,
  loanIds?: readonly number[],
): Promise<number[]> {
  if (loanIds && loanIds.length === 0) return Promise.resolve([]);
  const onlyIds = loanIds ? db`and l.id = any(${db.array([...loanIds])}::bigint[])` : db``;
  // Sent at the call: a payment sends it in one round trip with its other writes (sync/pipelined.ts).
  return db<{ id: number }[]>`
    with derived as (
      select l.id,
        coalesce(a.all_settled, false) as pagada,
        least(coalesce(a.due, 0), l.total_pagos)::int as num_pago,
        not coalesce(a.all_settled, false) and ${today}::date > l.fecha_fin as vencido
      from loans l
      left join lateral (
        select bool_and(am.pagada or am.renovo) as all_settled,
          count(*) filter (where am.fecha_pago <= ${today}::date) as due
        from amortizations am
        where am.loan_id = l.id and am.account_id = l.account_id
      ) a on true
      where l.account_id = ${accountId} ${onlyIds}
    )
    update loans l set
      pagada = d.pagada,
      num_pago = d.num_pago,
      vencido = d.vencido,
      closed_at = case when d.pagada then coalesce(l.closed_at, now()) end,
      updated_at = now()
    from derived d
    where l.id = d.id and l.account_id = ${accountId}
      and (l.pagada, l.num_pago, l.vencido, l.closed_at is not null)
        is distinct from (d.pagada, d.num_pago, d.vencido, d.pagada)
    returning l.id`
    .execute()
    .then((rows) => rows.map((r) => r.id));
}
