-- Summaries the financial reports read (docs/decisions/008-resumenes-para-reportes.md). A year of a
-- 100,000-loan book is ~1.6 M amortizations: adding them up per request takes 1–3 s. These two tables hold the
-- same figures already added up, kept by statement-level triggers on amortizations in the writer's own
-- transaction, so they are never behind the rows they summarize. They are server-only (never synced).

-- Per account, business date, municipality and user: abonos due that day (user 0) and money received that
-- day (the user who recorded it; 0 when unknown), with its interest share kept exact for the income statement.
create table report_daily (
  account_id bigint not null references accounts(id),
  fecha date not null,
  municipality_id bigint not null,
  user_id bigint not null default 0,
  esperado numeric(14,2) not null default 0,
  cobrado numeric(14,2) not null default 0,
  -- amount × interes / (100 + interes) per row, unrounded; the statement rounds the period's sum once.
  interes_cobrado numeric not null default 0,
  pagos integer not null default 0,
  primary key (account_id, fecha, municipality_id, user_id)
);

-- One row per loan that still owes something: its outstanding balance (unpaid and partly paid rows) and the
-- fecha_pago of its oldest row not fully paid, for PAR and the arrears aging.
create table report_open_loans (
  loan_id bigint primary key,
  account_id bigint not null references accounts(id),
  municipality_id bigint not null,
  saldo numeric(14,2) not null,
  primer_pendiente date not null
);
create index report_open_loans_account_idx on report_open_loans (account_id) include (saldo, primer_pendiente);

-- What a set of rows contributes: due on fecha_pago unless renewed; received on fecha_pagada (a paid row one
-- abono, an unpaid row its partial amount). Sign +1 for rows that appear, −1 for rows that go away.
create function report_contributions(changed amortizations[], sign int)
returns table (account_id bigint, fecha date, municipality_id bigint, user_id bigint, esperado numeric,
  cobrado numeric, interes_cobrado numeric, pagos int)
language sql stable as $$
  with r as (select * from unnest(changed))
  select r.account_id, r.fecha_pago, l.municipality_id, 0::bigint, sign * l.abono, 0::numeric, 0::numeric, 0
  from r join loans l on l.id = r.loan_id and l.account_id = r.account_id
  where not r.renovo
  union all
  select r.account_id, r.fecha_pagada, l.municipality_id, coalesce(r.updated_by, 0), 0::numeric, sign * m.amount,
    sign * m.amount * l.interes / (100 + l.interes), sign
  from r join loans l on l.id = r.loan_id and l.account_id = r.account_id
  cross join lateral (select case when r.pagada then l.abono else r.parcial end as amount) m
  where r.fecha_pagada is not null and (r.pagada or r.parcial > 0)
$$;

-- Adds the net change of one statement to report_daily (in key order, so concurrent writers lock rows in the
-- same order) and recomputes report_open_loans for the loans it touched.
create function report_apply(added amortizations[], removed amortizations[]) returns void language plpgsql as $$
begin
  insert into report_daily as d (account_id, fecha, municipality_id, user_id, esperado, cobrado,
    interes_cobrado, pagos)
  select c.account_id, c.fecha, c.municipality_id, c.user_id, sum(c.esperado), sum(c.cobrado),
    sum(c.interes_cobrado), sum(c.pagos)
  from (
    select * from report_contributions(added, 1)
    union all
    select * from report_contributions(removed, -1)
  ) c
  group by 1, 2, 3, 4
  having sum(c.esperado) <> 0 or sum(c.cobrado) <> 0 or sum(c.pagos) <> 0 or sum(c.interes_cobrado) <> 0
  order by 1, 2, 3, 4
  on conflict on constraint report_daily_pkey do update set
    esperado = d.esperado + excluded.esperado,
    cobrado = d.cobrado + excluded.cobrado,
    interes_cobrado = d.interes_cobrado + excluded.interes_cobrado,
    pagos = d.pagos + excluded.pagos;

  with touched as (
    select distinct r.loan_id from unnest(coalesce(added, '{}') || coalesce(removed, '{}')) r
  ), open_now as (
    -- One lookup per touched loan on its (loan_id, numero_pago) key: a loan's rows are its account's.
    select t.loan_id, l.account_id, l.municipality_id, x.saldo, x.primer_pendiente
    from touched t
    join loans l on l.id = t.loan_id
    cross join lateral (
      -- The filters sit in the aggregates, not in WHERE: a WHERE matching the partial index on unpaid rows
      -- made the planner AND that whole index into every lookup (14 s per 80,000-row import).
      select sum(greatest(l.abono - a.parcial, 0)) filter (where not a.pagada and not a.renovo) as saldo,
        min(a.fecha_pago) filter (where not a.pagada and not a.renovo) as primer_pendiente
      from amortizations a
      where a.loan_id = t.loan_id
    ) x
    where x.primer_pendiente is not null
  ), closed as (
    delete from report_open_loans o
    where o.loan_id in (select loan_id from touched) and o.loan_id not in (select loan_id from open_now)
  )
  insert into report_open_loans as o (loan_id, account_id, municipality_id, saldo, primer_pendiente)
  select loan_id, account_id, municipality_id, saldo, primer_pendiente from open_now order by loan_id
  on conflict (loan_id) do update set
    saldo = excluded.saldo, primer_pendiente = excluded.primer_pendiente, municipality_id = excluded.municipality_id;
end $$;

create function report_amortizations_inserted() returns trigger language plpgsql as $$
begin
  perform report_apply((select array_agg(n::amortizations) from new_rows n), null);
  return null;
end $$;

create function report_amortizations_updated() returns trigger language plpgsql as $$
begin
  perform report_apply((select array_agg(n::amortizations) from new_rows n), (select array_agg(o::amortizations) from old_rows o));
  return null;
end $$;

create function report_amortizations_deleted() returns trigger language plpgsql as $$
begin
  perform report_apply(null, (select array_agg(o::amortizations) from old_rows o));
  return null;
end $$;

create trigger amortizations_report_insert after insert on amortizations
  referencing new table as new_rows for each statement execute function report_amortizations_inserted();
create trigger amortizations_report_update after update on amortizations
  referencing old table as old_rows new table as new_rows for each statement
  execute function report_amortizations_updated();
create trigger amortizations_report_delete after delete on amortizations
  referencing old table as old_rows for each statement execute function report_amortizations_deleted();

-- The books as they stand today, in slices of ~50,000 rows so no call holds a whole book in memory.
select report_apply(array_agg(a), null) from amortizations a group by a.id / 50000;
