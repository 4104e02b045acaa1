import type { DashboardResume } from '../../shared/dashboard/types';
import type { IsoDate } from '../../shared/dates';
import { cents, toCents, toPesos } from '../../shared/money';
import type { Db } from '../db/connect';

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
 * The dashboard figures of DESIGN §5 for one account, in one statement.
 * `pagada` is read as stored (it changes only through payments and renewals, which recompute it in their
 * transaction); `vencido` depends on the calendar, so it is evaluated for `today` (not pagada and
 * today > fecha_fin), which keeps the dashboard right even before the day's recompute has run.
 * Only open (not paid) loans have their rows summed, so the paid history of an account costs nothing here.
 * Outstanding balance = monto_con_interes − paid (paid rows count as abono, partial rows as parcial,
 * renewed rows as nothing), never below 0.
 */
export async function dashboardResume(db: Db, accountId: number, today: IsoDate): Promise<DashboardResume> {
  const [row] = await db<ResumeRow[]>`
    with open_loans as (
      select l.id, l.abono, l.monto_con_interes, ${today}::date > l.fecha_fin as vencido
      from loans l
      where l.account_id = ${accountId} and not l.pagada
    ), balances as (
      select o.vencido, o.abono, o.monto_con_interes,
        greatest(0, o.monto_con_interes - coalesce(sum(
          case when a.renovo then 0 when a.pagada then o.abono else a.parcial end), 0)) as outstanding
      from open_loans o
      left join amortizations a on a.loan_id = o.id and a.account_id = ${accountId}
      group by o.id, o.vencido, o.abono, o.monto_con_interes
    )
    select
      (select count(*) from loans where account_id = ${accountId})::int as all_loans,
      count(*) filter (where not vencido)::int as active_loans,
      count(*) filter (where vencido)::int as overdue_loans,
      (select count(*) from loans where account_id = ${accountId} and pagada)::int as paid_loans,
      (select count(*) from clients where account_id = ${accountId})::int as total_clients,
      coalesce(sum(abono) filter (where not vencido), 0)::text as weekly_collection,
      coalesce(sum(outstanding), 0)::text as wait_to_pay,
      coalesce(sum(monto_con_interes), 0)::text as total_amount,
      coalesce(sum(outstanding) filter (where vencido), 0)::text as overdue_amount
    from balances`;
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
