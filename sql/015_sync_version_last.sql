-- Payments take the account's sync version last (docs/decisions/015-version-de-sincronizacion-bajo-concurrencia.md).
-- The version row is still locked from the first write to the commit, so versions commit in order
-- (decision 002); a push now locks its loans first and writes everything at the end, so it holds the version
-- row for its last few statements only, and pushes of one account run side by side until then.
--
-- Two lock orders would meet in a deadlock: a push (loan rows, then the version) and a writer that takes the
-- version first and then rows (a new loan, a sheet, the daily recompute). An advisory lock per account keeps
-- them apart: pushes hold it shared for their whole transaction; any other writer takes it exclusive just
-- before its version, so it waits for the pushes in flight, and pushes that come later wait for it.

create function sync_writers_lock_key(acc bigint) returns int language sql immutable as $$
  select (acc % 2147483647)::int
$$;

-- 1398361667 is 'SYNC' in ASCII: the class of these advisory locks, apart from the migrations' own.
create function sync_begin_push(acc bigint) returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared(1398361667, sync_writers_lock_key(acc));
  perform set_config('sync.push' || acc::text, 'on', true);
end $$;

create or replace function sync_next_version(acc bigint) returns bigint language plpgsql as $$
declare
  setting text := 'sync.v' || acc::text;
  v bigint := nullif(current_setting(setting, true), '')::bigint;
begin
  if v is null then
    if coalesce(current_setting('sync.push' || acc::text, true), '') <> 'on' then
      perform pg_advisory_xact_lock(1398361667, sync_writers_lock_key(acc));
    end if;
    insert into sync_versions as s (account_id, version) values (acc, 1)
      on conflict (account_id) do update set version = s.version + 1
      returning s.version into v;
    perform set_config(setting, v::text, true);
  end if;
  return v;
end $$;

-- A payment's audit rows and conflicts are sent with its rows, in one round trip (decision 015), before the
-- program knows the version the rows take: -1 stands for it, and this puts in the transaction's version (an
-- error if the transaction has none: a -1 is never stored).
create function sync_stamp_json(j jsonb, acc bigint) returns jsonb language sql stable as $$
  select case when (j->>'version')::bigint = -1
    then jsonb_set(j, '{version}', to_jsonb(current_setting('sync.v' || acc::text)::bigint))
    else j end
$$;
