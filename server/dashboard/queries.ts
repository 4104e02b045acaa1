import type { DashboardResume } from '../../shared/dashboard/types';
import type { IsoDate } from '../../shared/dates';
import { cents, toCents, toPesos } from '../../shared/money';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

interface ResumeRow {
  all_loans: number;
  active_loans: number;
  overdue_loans: number;
  paid_loans: number;
  total_clients: number;
  weekly_collection: string;
  wait_to_pay: string;
  total_amount: string;
  overdue_amount: string;
}

/**
 * The dashboard figures of docs/reglas-del-negocio.md for one account, in one statement. `pagada` is read as stored (it changes
 * only through payments and renewals, which recompute it in their transaction); `vencido` depends on the
 * calendar, so it is evaluated for `today` (not pagada and today > fecha_fin): active = neither, the one
 * definition of the portfolio report too. What a loan still owes is its outstanding balance as report_open_loans
 * keeps it (each row's own amount less what it received, sql/020): the portfolio report reads the same table.
 */
export async function dashboardResume(db: Db, scope: Scope, today: IsoDate): Promise<DashboardResume> {
  const { accountId } = scope;
  const loanTowns = inTowns(db, scope, 'municipality_id');
  const [row] = await db<ResumeRow[]>`
    with open_loans as (
      select l.id, l.abono, l.monto_con_interes, ${today}::date > l.fecha_fin as vencido,
        coalesce(o.saldo, 0) as outstanding
      from loans l
      left join report_open_loans o on o.loan_id = l.id and o.account_id = l.account_id
      where l.account_id = ${accountId} and not l.pagada ${inTowns(db, scope, 'l.municipality_id')}
    )
    select
      (select count(*) from loans where account_id = ${accountId} ${loanTowns})::int as all_loans,
      count(*) filter (where not vencido)::int as active_loans,
      count(*) filter (where vencido)::int as overdue_loans,
      (select count(*) from loans where account_id = ${accountId} and pagada ${loanTowns})::int as paid_loans,
      (select count(*) from clients where account_id = ${accountId} ${loanTowns})::int as total_clients,
      coalesce(sum(abono) filter (where not vencido), 0)::text as weekly_collection,
      coalesce(sum(outstanding), 0)::text as wait_to_pay,
      coalesce(sum(monto_con_interes), 0)::text as total_amount,
      coalesce(sum(outstanding) filter (where vencido), 0)::text as overdue_amount
    from open_loans`;
  const r = row!;
  const pesos = (value: string) => toPesos(toCents(value) ?? cents(0));
  return {
    allLoans: r.all_loans,
    activeLoans: r.active_loans,
    overdueLoans: r.overdue_loans,
    paidLoans: r.paid_loans,
    totalClients: r.total_clients,
    weeklyCollectionAmount: pesos(r.weekly_collection),
    amountWaitToPay: pesos(r.wait_to_pay),
    totalAmount: pesos(r.total_amount),
    overdueAmount: pesos(r.overdue_amount),
  };
}
