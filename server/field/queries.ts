// SQL of 'En campo' (GET /api/field/today): today's money and visits per collector and per town, each town's
// route of its coverage week, and each collector's phones. Money is a sum over the ledger's events as they stand
// (payments_effective), like the corte, and only what a user recorded: a portfolio import's payments (no user)
// were received before the account used the system, so the towns add up to the collectors to the centavo.
// Towns outside the user's scope are never read.
import type { IsoDate } from '../../shared/dates';
import type { CollectionDay } from '../../shared/municipalities/schemas';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

interface Tally {
  cobrado: string;
  pagos: number;
  visitas: number;
  promesas: number;
  atendidos: number;
}

/** Today's payments and visits per collector (the user who recorded them). */
export function collectorsToday(db: Db, scope: Scope, today: IsoDate) {
  return db<(Tally & { user_id: number; name: string })[]>`
    with pays as (
      select e.user_id, e.loan_id, e.amount
      from payments_effective e
      join loans l on l.id = e.loan_id and l.account_id = e.account_id
      where e.account_id = ${scope.accountId} and e.fecha = ${today}::date and e.amount > 0
        and e.user_id is not null ${inTowns(db, scope, 'l.municipality_id')}
    ), calls as (
      select v.user_id, v.loan_id, v.motivo
      from visits v
      join loans l on l.id = v.loan_id and l.account_id = v.account_id
      where v.account_id = ${scope.accountId} and v.fecha = ${today}::date
        ${inTowns(db, scope, 'l.municipality_id')}
    ), touched as (
      select user_id, loan_id from pays union select user_id, loan_id from calls
    )
    select u.id as user_id, u.name,
      coalesce((select sum(amount) from pays p where p.user_id = u.id), 0)::text as cobrado,
      (select count(*) from pays p where p.user_id = u.id)::int as pagos,
      (select count(*) from calls c where c.user_id = u.id)::int as visitas,
      (select count(*) from calls c where c.user_id = u.id and c.motivo = 'PROMESA')::int as promesas,
      (select count(*) from touched t where t.user_id = u.id)::int as atendidos
    from users u
    where u.account_id = ${scope.accountId}
      and (u.id in (select user_id from touched)
        or u.id in (select d.user_id from sync_clients d where d.account_id = ${scope.accountId}
          and d.last_seen_at > now() - interval '7 days'))
    order by u.name, u.id`;
}

/** Each phone of the account heard from in the last week. */
export function devicesOf(db: Db, accountId: number) {
  return db<
    {
      client_id: string;
      user_id: number;
      user_agent: string | null;
      last_seen_at: Date;
      pendientes: number | null;
      pendientes_at: Date | null;
    }[]
  >`select client_id, user_id, user_agent, last_seen_at, pendientes, pendientes_at
    from sync_clients
    where account_id = ${accountId} and last_seen_at > now() - interval '7 days'
    order by last_seen_at desc`;
}

/** The user's towns (not deleted) with their collection day. */
export function townsOf(db: Db, scope: Scope) {
  return db<{ id: number; name: string; collection_day: CollectionDay }[]>`select id, name, collection_day
    from municipalities
    where account_id = ${scope.accountId} and not deleted ${inTowns(db, scope, 'id')}
    order by lower(name), id`;
}

/**
 * Per town: today's payments and visits, and its week's route — the loans of the town's sheet for the coverage
 * week that holds today, or, without a sheet, its loans not paid with a row due by the week's end still lacking
 * money (the sheet's own rule, docs/reglas-del-negocio.md §6.2) — with how many of them had a payment or a visit
 * in the week. `weeks` gives each town's coverage week.
 */
export function townsToday(
  db: Db,
  scope: Scope,
  today: IsoDate,
  weeks: readonly { id: number; start: IsoDate; end: IsoDate }[],
) {
  if (weeks.length === 0) return Promise.resolve([]);
  return db<
    (Omit<Tally, 'atendidos'> & {
      municipality_id: number;
      ruta: number;
      hechos: number;
      con_hoja: boolean;
    })[]
  >`
    with w as (
      select * from unnest(${db.array(weeks.map((x) => x.id))}::bigint[],
        ${db.array(weeks.map((x) => x.start))}::date[], ${db.array(weeks.map((x) => x.end))}::date[])
        as w(municipality_id, start, finish)
    ), sheet as (
      select w.municipality_id, s.id
      from w join weekly_sheets s on s.account_id = ${scope.accountId}
        and s.municipality_id = w.municipality_id and s.coverage_week = w.start
    ), route as (
      select sh.municipality_id, x.loan_id
      from sheet sh join weekly_sheet_loans x on x.weekly_sheet_id = sh.id and x.account_id = ${scope.accountId}
      union
      select w.municipality_id, l.id
      from w join loans l on l.account_id = ${scope.accountId} and l.municipality_id = w.municipality_id
        and not l.pagada
      where not exists (select 1 from sheet sh where sh.municipality_id = w.municipality_id)
        and exists (select 1 from amortizations a where a.loan_id = l.id and not a.pagada and not a.renovo
          and a.fecha_pago <= w.finish)
    ), done as (
      select r.municipality_id, r.loan_id from route r join w on w.municipality_id = r.municipality_id
      where exists (select 1 from payments_effective e where e.loan_id = r.loan_id and e.amount > 0
          and e.fecha between w.start and w.finish)
        or exists (select 1 from visits v where v.loan_id = r.loan_id and v.fecha between w.start and w.finish)
    ), pays as (
      select l.municipality_id, e.amount
      from payments_effective e join loans l on l.id = e.loan_id and l.account_id = e.account_id
      where e.account_id = ${scope.accountId} and e.fecha = ${today}::date and e.amount > 0
        and e.user_id is not null
    ), calls as (
      select l.municipality_id, v.motivo
      from visits v join loans l on l.id = v.loan_id and l.account_id = v.account_id
      where v.account_id = ${scope.accountId} and v.fecha = ${today}::date
    )
    select w.municipality_id,
      coalesce((select sum(amount) from pays p where p.municipality_id = w.municipality_id), 0)::text as cobrado,
      (select count(*) from pays p where p.municipality_id = w.municipality_id)::int as pagos,
      (select count(*) from calls c where c.municipality_id = w.municipality_id)::int as visitas,
      (select count(*) from calls c where c.municipality_id = w.municipality_id and c.motivo = 'PROMESA')::int
        as promesas,
      (select count(*) from route r where r.municipality_id = w.municipality_id)::int as ruta,
      (select count(*) from done d where d.municipality_id = w.municipality_id)::int as hechos,
      exists (select 1 from sheet sh where sh.municipality_id = w.municipality_id) as con_hoja
    from w`;
}

/** What the phone still had waiting after a push. */
export async function recordPending(db: Db, clientId: string, userId: number, pendientes: number) {
  await db`update sync_clients set pendientes = ${pendientes}, pendientes_at = now()
    where client_id = ${clientId} and user_id = ${userId}`;
}

/** A pull is hearing from the phone too; written at most every 30 s per phone. */
export async function touchDevice(db: Db, clientId: string, userId: number) {
  await db`update sync_clients set last_seen_at = now()
    where client_id = ${clientId} and user_id = ${userId} and last_seen_at < now() - interval '30 seconds'`;
}
