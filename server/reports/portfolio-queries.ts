// The portfolio-health figures of docs/reglas-del-negocio.md, read from the schedule as it stands.
import type { IsoDate } from '../../shared/dates';
import { type Cents, cents, toCents } from '../../shared/money';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';
import type { ReportRange } from './report-range';

const c = (text: string | null) => toCents(text ?? '0') ?? cents(0);

export interface AgingCount {
  /** 'corriente' or an AGING_BUCKETS key. */
  bucket: string;
  prestamos: number;
  saldo: Cents;
}

/**
 * Loans that still owe, each with its outstanding balance (what its unpaid and partly paid rows still owe) and
 * its days late (since the fecha_pago of its oldest row not fully paid, when that is before today), counted per
 * aging bucket. report_open_loans (migration 011) keeps one row per such loan.
 */
export async function agingBuckets(db: Db, scope: Scope, today: IsoDate): Promise<AgingCount[]> {
  const rows = await db<{ bucket: string; prestamos: number; saldo: string }[]>`
    with open_loans as (
      select o.saldo, ${today}::date - o.primer_pendiente as dias
      from report_open_loans o
      where o.account_id = ${scope.accountId} ${inTowns(db, scope, 'o.municipality_id')}
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

/**
 * Active loans (docs/reglas-del-negocio.md, the dashboard's definition: neither paid nor vencido, i.e. today ≤ fecha_fin) among the
 * loans that still owe, and their outstanding balance.
 */
export async function activePortfolio(
  db: Db,
  scope: Scope,
  today: IsoDate,
): Promise<{ prestamos: number; saldo: Cents }> {
  const [row] = await db<{ prestamos: number; saldo: string | null }[]>`
    select count(*)::int as prestamos, sum(o.saldo)::text as saldo
    from report_open_loans o
    join loans l on l.id = o.loan_id and l.account_id = o.account_id
    where o.account_id = ${scope.accountId} and ${today}::date <= l.fecha_fin
      ${inTowns(db, scope, 'o.municipality_id')}`;
  return { prestamos: row?.prestamos ?? 0, saldo: c(row?.saldo ?? null) };
}

export interface WeekMunicipalityAmount {
  semana: IsoDate;
  municipalityId: number;
  amount: Cents;
}

export interface WeekMunicipalityFigures {
  semana: IsoDate;
  municipalityId: number;
  esperado: Cents;
  cobrado: Cents;
}

/**
 * Per week and municipality: abonos due (rows whose fecha_pago falls in the range; renewed rows were settled
 * by the new loan) and money received (the financial summary's definition of collected), from report_daily.
 */
export async function ratesByWeekAndMunicipality(
  db: Db,
  scope: Scope,
  range: ReportRange,
): Promise<WeekMunicipalityFigures[]> {
  const rows = await db<{ semana: string; municipality_id: number; esperado: string; cobrado: string }[]>`
    select to_char(date_trunc('week', d.fecha), 'YYYY-MM-DD') as semana, d.municipality_id::int as municipality_id,
      sum(d.esperado)::text as esperado, sum(d.cobrado)::text as cobrado
    from report_daily d
    where d.account_id = ${scope.accountId} and d.fecha between ${range.from} and ${range.to}
      ${inTowns(db, scope, 'd.municipality_id')}
    group by 1, 2`;
  return rows.map((r) => ({
    semana: r.semana,
    municipalityId: r.municipality_id,
    esperado: c(r.esperado),
    cobrado: c(r.cobrado),
  }));
}

export interface CollectorAmounts {
  userId: number | null;
  name: string | null;
  cobrado: Cents;
  pagos: number;
  municipios: number;
  esperado: Cents;
}

/**
 * Per user who recorded the money (the row's last writer; 0 when unknown): what they collected in the range
 * and how many payments. Their expected amount is what was due in the municipalities and weeks where they
 * collected, in proportion to their share of what was collected there (a collector alone in a town gets all
 * of that town's weeks they worked). Rounded to the centavo per collector.
 */
export async function collectedByCollector(
  db: Db,
  scope: Scope,
  range: ReportRange,
): Promise<CollectorAmounts[]> {
  const { accountId } = scope;
  const towns = inTowns(db, scope, 'd.municipality_id');
  const rows = await db<
    {
      user_id: number;
      name: string | null;
      cobrado: string;
      pagos: number;
      municipios: number;
      esperado: string | null;
    }[]
  >`
    with cells as (
      select date_trunc('week', d.fecha) as semana, d.municipality_id,
        sum(d.esperado) as esperado, sum(d.cobrado) as cobrado
      from report_daily d
      where d.account_id = ${accountId} and d.fecha between ${range.from} and ${range.to} ${towns}
      group by 1, 2
    ), per_user as (
      select date_trunc('week', d.fecha) as semana, d.municipality_id, d.user_id,
        sum(d.cobrado) as cobrado, sum(d.pagos)::int as pagos
      from report_daily d
      where d.account_id = ${accountId} and d.fecha between ${range.from} and ${range.to} ${towns}
      group by 1, 2, 3
      having sum(d.pagos) > 0
    )
    select u.user_id::int as user_id, us.name, sum(u.cobrado)::text as cobrado, sum(u.pagos)::int as pagos,
      count(distinct u.municipality_id)::int as municipios,
      round(sum(case when c.cobrado > 0 then c.esperado * u.cobrado / c.cobrado else 0 end), 2)::text as esperado
    from per_user u
    join cells c on c.semana = u.semana and c.municipality_id = u.municipality_id
    left join users us on us.id = u.user_id and us.account_id = ${accountId}
    group by u.user_id, us.name
    order by sum(u.cobrado) desc, u.user_id`;
  return rows.map((r) => ({
    userId: r.user_id === 0 ? null : r.user_id,
    name: r.name,
    cobrado: c(r.cobrado),
    pagos: r.pagos,
    municipios: r.municipios,
    esperado: c(r.esperado),
  }));
}
