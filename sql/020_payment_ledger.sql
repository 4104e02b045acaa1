-- One ledger of payments (docs/decisions/021-libro-de-pagos.md). Money received is a list of events
-- that are never updated or deleted; a row's paid/partial state and paid date are derived from them by one
-- rule (shared/payments/ledger.ts, twin `ledger_balances` below) and stored on the row for reads, in the
-- transaction of the event. Every figure of money received is a sum over these events.

-- 1. Each row's own amount due: the abono, and what is left of the amount with interest for the last row, so a
-- schedule adds up to monto_con_interes exactly (shared/loans/schedule.ts rowAmounts). Devices of this version
-- download everything again (their schema upgrade drops the cursor), so the backfill need not bump versions.
alter table amortizations add column monto numeric(14,2);
alter table amortizations disable trigger amortizations_version;
alter table amortizations disable trigger amortizations_report_update;
update amortizations a set monto = case when a.numero_pago < l.total_pagos then l.abono
    else greatest(l.monto_con_interes - l.abono * (l.total_pagos - 1), 0.01) end
  from loans l
  where l.id = a.loan_id and l.account_id = a.account_id;
alter table amortizations enable trigger amortizations_version;
alter table amortizations enable trigger amortizations_report_update;
alter table amortizations alter column monto set not null;
alter table amortizations add constraint amortizations_monto_check check (monto > 0);

-- A row written without its amount (the demo seed, the benchmark generator) takes the rule's: the SQL twin of
-- rowAmounts (tests/server/payments/ledger-sql.test.ts). The loan exists before its rows.
create function amortizations_default_monto() returns trigger language plpgsql as $$
begin
  select case when new.numero_pago < l.total_pagos then l.abono
      else greatest(l.monto_con_interes - l.abono * (l.total_pagos - 1), 0.01) end
    into new.monto
    from loans l where l.id = new.loan_id;
  return new;
end $$;
create trigger amortizations_monto before insert on amortizations
  for each row when (new.monto is null) execute function amortizations_default_monto();

-- 2. The ledger. A payment (kind 'pago') is money received on a business date by the user who recorded it; a
-- correction restates one payment's amount and date (0: reversed), with who and why. The latest correction of
-- a payment (by id) is what the payment stands at. A receipt id (made on the phone, or by the server for an
-- online call) applies once per account.
create table payments (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  receipt_id uuid not null,
  loan_id bigint not null,
  kind text not null check (kind in ('pago', 'correccion')),
  amount numeric(14,2) not null check (amount >= 0),
  fecha date not null,
  -- The row a person edited (the office's row edit); null: the oldest row not fully paid.
  amortization_id bigint references amortizations(id),
  corrects_id bigint references payments(id),
  reason text check (reason is null or char_length(reason) <= 200),
  payment_method_id bigint,
  user_id bigint references users(id),
  client_id uuid,
  mutation_id bigint,
  client_time timestamptz,
  -- 'telefono' (a device's push), 'oficina' (an online call), 'migracion' (a row state before this ledger).
  origen text not null check (origen in ('telefono', 'oficina', 'migracion')),
  created_at timestamptz not null default now(),
  version bigint not null default 0,
  unique (account_id, receipt_id),
  unique (id, account_id),
  foreign key (loan_id, account_id) references loans(id, account_id),
  check ((kind = 'pago') = (corrects_id is null)),
  check (kind <> 'pago' or amount > 0)
);
create index payments_loan_idx on payments (loan_id, fecha);
create index payments_account_fecha_idx on payments (account_id, fecha);
create index payments_account_user_fecha_idx on payments (account_id, user_id, fecha);
create index payments_account_version_idx on payments (account_id, version, id);
create index payments_corrects_idx on payments (corrects_id) where corrects_id is not null;
create trigger payments_version before insert on payments
  for each row execute function sync_stamp_version();

create function payments_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'payments es de solo inserción: corrija un pago con otro evento';
end $$;
create trigger payments_no_update before update or delete on payments
  for each row execute function payments_append_only();

-- What each payment stands at: its latest correction's amount and date, or its own.
create view payments_effective as
  select p.id, p.account_id, p.receipt_id, p.loan_id, p.amortization_id, p.user_id, p.client_id,
    p.payment_method_id, p.created_at, p.amount as amount_original,
    coalesce(c.amount, p.amount) as amount, coalesce(c.fecha, p.fecha) as fecha, c.id as correction_id
  from payments p
  left join lateral (select y.id, y.amount, y.fecha from payments y
    where y.corrects_id = p.id order by y.id desc limit 1) c on true
  where p.kind = 'pago';

-- What each new event moves, per loan and business date: a payment its amount on its date; a correction takes
-- back what the payment stood at before it and adds what it says now (sheets and reports read the same moves).
create function payment_moves(new_rows payments[]) returns table (account_id bigint, loan_id bigint,
  fecha date, amount numeric, user_id bigint, pagos int) language sql stable as $$
  select p.account_id, p.loan_id, p.fecha, p.amount, p.user_id, 1
  from unnest(new_rows) p where p.kind = 'pago'
  union all
  select x.account_id, o.loan_id, s.fecha, s.sign * s.amount, o.user_id, s.sign * (s.amount > 0)::int
  from unnest(new_rows) x
  join payments o on o.id = x.corrects_id and o.account_id = x.account_id
  cross join lateral (
    select coalesce(pc.amount, o.amount) as amount, coalesce(pc.fecha, o.fecha) as fecha
    from (select 1) one
    left join lateral (select y.amount, y.fecha from payments y
      where y.corrects_id = o.id and y.id < x.id order by y.id desc limit 1) pc on true
  ) prev
  cross join lateral (values (prev.fecha, prev.amount, -1), (x.fecha, x.amount, 1)) s(fecha, amount, sign)
  where x.kind = 'correccion'
$$;

-- 3. The allocation rule's SQL twin (shared/payments/ledger.ts allocateLedger): each loan's payments as they
-- stand, in (fecha, receipt id) order, fill the row they were aimed at or else the oldest row not fully paid,
-- up to its amount, then the following rows, then from the first row any earlier one still lacking.
create function ledger_balances(p_loan_ids bigint[])
returns table (amortization_id bigint, received numeric, fecha_pagada date)
language plpgsql stable as $$
declare
  lid bigint;
  r_ids bigint[];
  r_monto numeric[];
  r_recv numeric[];
  r_fecha date[];
  n int;
  p record;
  start int;
  step int;
  i int;
  lack numeric;
  take numeric;
  left_amt numeric;
begin
  foreach lid in array p_loan_ids loop
    select array_agg(a.id order by a.numero_pago), array_agg(a.monto order by a.numero_pago)
      into r_ids, r_monto
      from amortizations a where a.loan_id = lid;
    n := coalesce(array_length(r_ids, 1), 0);
    continue when n = 0;
    r_recv := array_fill(0::numeric, array[n]);
    r_fecha := array_fill(null::date, array[n]);
    for p in
      select e.amount, e.fecha, e.amortization_id as aimed
      from payments_effective e
      where e.loan_id = lid and e.amount > 0
      order by e.fecha, e.receipt_id::text collate "C"
    loop
      left_amt := p.amount;
      start := coalesce(array_position(r_ids, p.aimed), 1);
      step := 0;
      while step < n and left_amt > 0 loop
        i := ((start - 1 + step) % n) + 1;
        lack := r_monto[i] - r_recv[i];
        if lack > 0 then
          take := least(lack, left_amt);
          r_recv[i] := r_recv[i] + take;
          r_fecha[i] := p.fecha;
          left_amt := left_amt - take;
        end if;
        step := step + 1;
      end loop;
    end loop;
    for i in 1..n loop
      amortization_id := r_ids[i];
      received := r_recv[i];
      fecha_pagada := r_fecha[i];
      return next;
    end loop;
  end loop;
end $$;

-- Writes the derived columns of the rows of these loans from their ledger, where they differ (shared/payments/
-- ledger.ts rowColumns: a renewed row is never pagada; a paid row keeps no partial amount).
create function ledger_write_rows(p_loan_ids bigint[]) returns void language sql as $$
  update amortizations a set
    pagada = not a.renovo and b.received >= a.monto,
    parcial = case when not a.renovo and b.received >= a.monto then 0 else b.received end,
    fecha_pagada = case when b.received > 0 then b.fecha_pagada end,
    updated_at = now()
  from ledger_balances(p_loan_ids) b
  where a.id = b.amortization_id
    and (a.pagada, a.parcial, a.fecha_pagada) is distinct from (
      not a.renovo and b.received >= a.monto,
      case when not a.renovo and b.received >= a.monto then 0 else b.received end,
      case when b.received > 0 then b.fecha_pagada end)
$$;

-- The conversion below finds each row's phone receipt by the row.
create index payment_receipts_amortization_idx on payment_receipts (amortization_id);

-- 4. Row states become events: one payment per row that holds money and has no events on its loan yet, aimed at
-- that row, for what the reports counted (a paid row one abono — or its own amount, when the last row's is larger:
-- a paid row stays paid —, a partial row its amount), on its paid date, by
-- the row's last writer; the device, mutation and phone time from its latest audit row, and the phone's receipt
-- where there was one. Then the rows as their ledger leaves them (the same states, but for a paid last row whose
-- abono exceeded its amount: the rounding goes to the oldest row still lacking, if any). Used here for the data of
-- every account, and by whatever writes row states directly (the demo seed, the benchmark generator).
create function ledger_from_row_states(p_account_id bigint, p_loan_ids bigint[] default null) returns void
language plpgsql as $$
declare
  converted bigint[];
begin
  with inserted as (
    insert into payments (account_id, receipt_id, loan_id, kind, amount, fecha, amortization_id,
        payment_method_id, user_id, client_id, mutation_id, client_time, created_at, origen)
    select a.account_id, coalesce(rc.receipt_id, md5('pago-migrado-' || a.id::text)::uuid), a.loan_id, 'pago',
      case when a.pagada then greatest(l.abono, a.monto) else a.parcial end, coalesce(a.fecha_pagada, a.fecha_pago), a.id,
      l.payment_method_id, a.updated_by, g.client_id, g.mutation_id, g.client_time,
      coalesce(g.server_time, a.updated_at), 'migracion'
    from amortizations a
    join loans l on l.id = a.loan_id and l.account_id = a.account_id
    left join lateral (select x.client_id, x.mutation_id, x.client_time, x.server_time from audit_log x
      where x.account_id = a.account_id and x.entity = 'amortizations' and x.entity_id = a.id
      order by x.id desc limit 1) g on true
    left join lateral (select r.receipt_id from payment_receipts r
      where r.account_id = a.account_id and r.amortization_id = a.id
      order by r.created_at desc limit 1) rc on true
    where a.account_id = p_account_id and (a.pagada or a.parcial > 0)
      and (p_loan_ids is null or a.loan_id = any(p_loan_ids))
      and not exists (select 1 from payments p where p.loan_id = a.loan_id and p.account_id = a.account_id)
    order by a.loan_id, a.numero_pago
    returning loan_id
  )
  select array_agg(distinct loan_id) into converted from inserted;
  if converted is not null then
    -- The events just inserted are most of the table: without statistics ledger_balances would read all of them
    -- for each loan (measured: 22 s for 1,000 loans of a 3,000-loan account).
    analyze payments;
    perform ledger_write_rows(converted);
  end if;
end $$;

select ledger_from_row_states(id) from accounts order by id;

-- 5. Report summaries. report_daily: what is due per day from the rows (their own amounts), what was received
-- per day from the ledger (maintained by the triggers below); report_open_loans: each loan's outstanding
-- balance from the rows' own amounts.
create or replace function report_contributions(changed amortizations[], sign int)
returns table (account_id bigint, fecha date, municipality_id bigint, user_id bigint, esperado numeric,
  cobrado numeric, interes_cobrado numeric, pagos int)
language sql stable as $$
  with r as (select * from unnest(changed))
  select r.account_id, r.fecha_pago, l.municipality_id, 0::bigint, sign * r.monto, 0::numeric, 0::numeric, 0
  from r join loans l on l.id = r.loan_id and l.account_id = r.account_id
  where not r.renovo
$$;

create or replace function report_apply(added amortizations[], removed amortizations[]) returns void
language plpgsql as $$
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
  having sum(c.esperado) <> 0
  order by 1, 2, 3, 4
  on conflict on constraint report_daily_pkey do update set esperado = d.esperado + excluded.esperado;

  with touched as (
    select distinct r.loan_id from unnest(coalesce(added, '{}') || coalesce(removed, '{}')) r
  ), open_now as (
    select t.loan_id, l.account_id, l.municipality_id, x.saldo, x.primer_pendiente
    from touched t
    join loans l on l.id = t.loan_id
    cross join lateral (
      -- The filters sit in the aggregates, not in WHERE (sql/011: the partial index made lookups slow).
      select sum(greatest(a.monto - a.parcial, 0)) filter (where not a.pagada and not a.renovo) as saldo,
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

-- The interest share of an amount received (docs/reglas-del-negocio.md), at 20 decimals whatever the amount's size: PostgreSQL divides
-- to ~16 significant digits, so a large amount's share kept fewer decimals and two shares could add up to a hair
-- under half a centavo. The income statement rounds their sum once (server/reports/income-queries.ts).
create function interest_share(amount numeric, interes numeric) returns numeric language sql immutable as $$
  select (amount * interes)::numeric(40, 20) / (100 + interes)
$$;

-- Money received per day, town and collector (the loan's town, the payment's collector), with the interest share
-- of each amount kept unrounded (sql/011).
create function report_payments_inserted() returns trigger language plpgsql as $$
declare
  -- A variable, not a sub-select, as payment_moves' argument: only then does the planner inline the function and
  -- reach each loan by its key (with a sub-select it scanned every loan of the table on each push).
  moved payments[] := (select array_agg(n::payments) from new_rows n);
begin
  insert into report_daily as d (account_id, fecha, municipality_id, user_id, esperado, cobrado,
    interes_cobrado, pagos)
  select m.account_id, m.fecha, l.municipality_id, coalesce(m.user_id, 0), 0, sum(m.amount),
    sum(interest_share(m.amount, l.interes)), sum(m.pagos)
  from payment_moves(moved) m
  cross join lateral (select l.municipality_id, l.interes from loans l
    where l.id = m.loan_id and l.account_id = m.account_id) l
  group by 1, 2, 3, 4
  having sum(m.amount) <> 0 or sum(m.pagos) <> 0
  order by 1, 2, 3, 4
  on conflict on constraint report_daily_pkey do update set
    cobrado = d.cobrado + excluded.cobrado,
    interes_cobrado = d.interes_cobrado + excluded.interes_cobrado,
    pagos = d.pagos + excluded.pagos;
  return null;
end $$;
create trigger payments_report_insert after insert on payments
  referencing new table as new_rows for each statement execute function report_payments_inserted();

truncate report_daily;
insert into report_daily (account_id, fecha, municipality_id, user_id, esperado, cobrado, interes_cobrado, pagos)
select c.account_id, c.fecha, c.municipality_id, c.user_id, sum(c.esperado), sum(c.cobrado), sum(c.interes),
  sum(c.pagos)
from (
  select a.account_id, a.fecha_pago as fecha, l.municipality_id, 0::bigint as user_id, a.monto as esperado,
    0::numeric as cobrado, 0::numeric as interes, 0 as pagos
  from amortizations a join loans l on l.id = a.loan_id and l.account_id = a.account_id
  where not a.renovo
  union all
  select e.account_id, e.fecha, l.municipality_id, coalesce(e.user_id, 0), 0, e.amount,
    interest_share(e.amount, l.interes), (e.amount > 0)::int
  from payments_effective e join loans l on l.id = e.loan_id and l.account_id = e.account_id
) c
group by 1, 2, 3, 4
having sum(c.esperado) <> 0 or sum(c.cobrado) <> 0 or sum(c.pagos) <> 0;

truncate report_open_loans;
insert into report_open_loans (loan_id, account_id, municipality_id, saldo, primer_pendiente)
select l.id, l.account_id, l.municipality_id, x.saldo, x.primer_pendiente
from loans l
cross join lateral (
  select sum(greatest(a.monto - a.parcial, 0)) filter (where not a.pagada and not a.renovo) as saldo,
    min(a.fecha_pago) filter (where not a.pagada and not a.renovo) as primer_pendiente
  from amortizations a where a.loan_id = l.id
) x
where x.primer_pendiente is not null;

-- 6. Weekly sheets. The snapshot also keeps what the loan owed in all (ADEUDO) beside what the week asked (A COBRAR,
-- monto_esperado); sheets taken before this get the balance of today. What a sheet collected — each of its loans'
-- payments dated in its covered week, as they stand — is kept by the trigger below in the event's transaction,
-- before processing as after it, so the list, the sheet, its file and the phone read the same figure.
alter table weekly_sheet_loans add column adeudo numeric(14,2) not null default 0;
alter table weekly_sheet_loans add column cobrado numeric(14,2) not null default 0;
update weekly_sheet_loans w set adeudo = o.saldo
  from report_open_loans o where o.loan_id = w.loan_id;
update weekly_sheet_loans w set cobrado = x.cobrado
  from (
    select w2.id, sum(e.amount) as cobrado
    from weekly_sheet_loans w2
    join weekly_sheets s on s.id = w2.weekly_sheet_id and s.account_id = w2.account_id
    join payments_effective e on e.loan_id = w2.loan_id and e.account_id = w2.account_id
      and e.fecha between s.coverage_week and s.coverage_week_end
    group by w2.id
  ) x
  where w.id = x.id;
update weekly_sheets s set monto_cobrado = coalesce((select sum(w.cobrado) from weekly_sheet_loans w
  where w.weekly_sheet_id = s.id and w.account_id = s.account_id), 0);

create function sheets_payments_inserted() returns trigger language plpgsql as $$
declare
  moved payments[] := (select array_agg(n::payments) from new_rows n);
begin
  with per_loan as (
    select w.id, w.weekly_sheet_id, sum(m.amount) as amount
    from payment_moves(moved) m
    cross join lateral (select w.id, w.weekly_sheet_id from weekly_sheet_loans w
      join weekly_sheets s on s.id = w.weekly_sheet_id and s.account_id = w.account_id
      where w.loan_id = m.loan_id and w.account_id = m.account_id
        and m.fecha between s.coverage_week and s.coverage_week_end) w
    group by w.id, w.weekly_sheet_id
    having sum(m.amount) <> 0
  ), loans_done as (
    update weekly_sheet_loans w set cobrado = w.cobrado + p.amount
    from (select * from per_loan order by id) p
    where w.id = p.id
    returning p.weekly_sheet_id, p.amount
  )
  update weekly_sheets s set monto_cobrado = s.monto_cobrado + t.amount, updated_at = now()
  from (select weekly_sheet_id, sum(amount) as amount from loans_done group by 1 order by 1) t
  where s.id = t.weekly_sheet_id;
  return null;
end $$;
create trigger payments_sheets_insert after insert on payments
  referencing new table as new_rows for each statement execute function sheets_payments_inserted();

-- 7. Conflicts: what is really a disagreement now concerns a payment (two corrections of one) or a row edit.
alter table sync_conflicts alter column amortization_id drop not null;
alter table sync_conflicts add column payment_id bigint references payments(id);
