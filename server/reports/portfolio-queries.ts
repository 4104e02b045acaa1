// The portfolio-health figures of DESIGN §9, read from the schedule as it stands.
import type { IsoDate } from '../../shared/dates';
import { type Cents, cents, toCents } from '../../shared/money';
import type { Db } from '../db/connect';
import type { ReportRange } from './report-range';

const c = (text: string | null) => toCents(text ?? '0') ?? cents(0);

export interface AgingCount {
  /** 'corriente' or an AGING_BUCKETS key. */
  bucket: string;
  prestamos: number;
  saldo: Cents;
}

/**
 * Loans not paid, each with its outstanding balance (what its unpaid and partly paid rows still owe) and its
 * days late (since the fecha_pago of its oldest row not fully paid, when that is before today), counted per
 * aging bucket. Only unpaid, unrenewed rows are read.
 */
export async function agingBuckets(db: Db, accountId: number, today: IsoDate): Promise<AgingCount[]> {
  const rows = await db<{ bucket: string; prestamos: number; saldo: string }[]>`
    with open_loans as (
      select sum(greatest(l.abono - a.parcial, 0)) as saldo, ${today}::date - min(a.fecha_pago) as dias
      from amortizations a
      join loans l on l.id = a.loan_id and l.account_id = ${accountId}
      where a.account_id = ${accountId} and not a.pagada and not a.renovo and not l.pagada
      group by a.loan_id
    )
    select case
        when dias <= 0 then 'corriente'
        when dias <= 7 then '1-7'
        when dias <= 30 then '8-30'
        when dias <= 60 then '31-60'
        when dias <= 90 then '61-90'
        else '90+' end as bucket,
      count(*)::int as prestamos, sum(saldo)::text as saldo
    from open_loans group by 1`;
  return rows.map((r) => ({ bucket: r.bucket, prestamos: r.prestamos, saldo: c(r.saldo) }));
}

export interface WeekMunicipalityAmount {
  semana: IsoDate;
  municipalityId: number;
  amount: Cents;
}

/** Abonos due in the range (rows whose fecha_pago falls in it; renewed rows were settled by the new loan). */
export async function dueByWeekAndMunicipality(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<WeekMunicipalityAmount[]> {
  const rows = await db<{ semana: string; municipality_id: number; amount: string }[]>`
    select to_char(date_trunc('week', a.fecha_pago), 'YYYY-MM-DD') as semana,
      l.municipality_id::int as municipality_id, sum(l.abono)::text as amount
    from amortizations a
    join loans l on l.id = a.loan_id and l.account_id = ${accountId}
    where a.account_id = ${accountId} and a.fecha_pago between ${range.from} and ${range.to} and not a.renovo
    group by 1, 2`;
  return rows.map((r) => ({ semana: r.semana, municipalityId: r.municipality_id, amount: c(r.amount) }));
}

/** Money received in the range (the financial summary's definition of collected). */
export async function collectedByWeekAndMunicipality(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<WeekMunicipalityAmount[]> {
  const rows = await db<{ semana: string; municipality_id: number; amount: string }[]>`
    select to_char(date_trunc('week', a.fecha_pagada), 'YYYY-MM-DD') as semana,
      l.municipality_id::int as municipality_id,
      sum(case when a.pagada then l.abono else a.parcial end)::text as amount
    from amortizations a
    join loans l on l.id = a.loan_id and l.account_id = ${accountId}
    where a.account_id = ${accountId} and a.fecha_pagada between ${range.from} and ${range.to}
      and (a.pagada or a.parcial > 0)
    group by 1, 2`;
  return rows.map((r) => ({ semana: r.semana, municipalityId: r.municipality_id, amount: c(r.amount) }));
}

export interface CollectorAmounts {
  userId: number | null;
  name: string | null;
  cobrado: Cents;
  pagos: number;
  prestamos: number;
  esperado: Cents;
}

/**
 * Per user who recorded the money (the row's last writer): what they collected in the range, on how many
 * loans, and the abonos due in the range on those same loans — a collector's route as it was walked.
 */
export async function collectedByCollector(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<CollectorAmounts[]> {
  const rows = await db<
    {
      user_id: number | null;
      name: string | null;
      cobrado: string;
      pagos: number;
      prestamos: number;
      esperado: string | null;
    }[]
  >`
    with pay as (
      select a.updated_by as user_id, a.loan_id, case when a.pagada then l.abono else a.parcial end as monto
      from amortizations a
      join loans l on l.id = a.loan_id and l.account_id = ${accountId}
      where a.account_id = ${accountId} and a.fecha_pagada between ${range.from} and ${range.to}
        and (a.pagada or a.parcial > 0)
    ), per_user as (
      select user_id, sum(monto) as cobrado, count(*)::int as pagos, count(distinct loan_id)::int as prestamos
      from pay group by user_id
    ), due as (
      select u.user_id, sum(l.abono) as esperado
      from (select distinct user_id, loan_id from pay) u
      join amortizations a on a.loan_id = u.loan_id and a.account_id = ${accountId}
      join loans l on l.id = a.loan_id and l.account_id = ${accountId}
      where a.fecha_pago between ${range.from} and ${range.to} and not a.renovo
      group by u.user_id
    )
    select p.user_id::int as user_id, us.name, p.cobrado::text as cobrado, p.pagos, p.prestamos,
      d.esperado::text as esperado
    from per_user p
    left join due d on d.user_id is not distinct from p.user_id
    left join users us on us.id = p.user_id and us.account_id = ${accountId}
    order by p.cobrado desc`;
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    cobrado: c(r.cobrado),
    pagos: r.pagos,
    prestamos: r.prestamos,
    esperado: c(r.esperado),
  }));
}
