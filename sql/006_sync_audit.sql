-- Sync bookkeeping (docs/sincronizacion.md) and the audit log (docs/reglas-del-negocio.md).

-- One version counter per account. Every write to a synced table takes the next version with
-- UPDATE ... RETURNING, which locks this row until commit: versions therefore commit in order, and a
-- pull cursor can never pass a row that a slower transaction commits later.
create table sync_versions (
  account_id bigint primary key references accounts(id),
  version bigint not null default 0
);

-- One version per transaction and account: rows written together share it.
create function sync_next_version(acc bigint) returns bigint language plpgsql as $$
declare
  setting text := 'sync.v' || acc::text;
  v bigint := nullif(current_setting(setting, true), '')::bigint;
begin
  if v is null then
    insert into sync_versions as s (account_id, version) values (acc, 1)
      on conflict (account_id) do update set version = s.version + 1
      returning s.version into v;
    perform set_config(setting, v::text, true);
  end if;
  return v;
end $$;

create function sync_stamp_version() returns trigger language plpgsql as $$
begin
  new.version := sync_next_version(new.account_id);
  return new;
end $$;

create table sync_tombstones (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  entity text not null,
  entity_id bigint not null,
  version bigint not null,
  created_at timestamptz not null default now()
);
create index sync_tombstones_account_version_idx on sync_tombstones (account_id, version);

create function sync_record_tombstone() returns trigger language plpgsql as $$
begin
  insert into sync_tombstones (account_id, entity, entity_id, version)
    values (old.account_id, tg_table_name, old.id, sync_next_version(old.account_id));
  return old;
end $$;

create trigger municipalities_version before insert or update on municipalities
  for each row execute function sync_stamp_version();
create trigger clients_version before insert or update on clients
  for each row execute function sync_stamp_version();
create trigger payment_methods_version before insert or update on payment_methods
  for each row execute function sync_stamp_version();
create trigger loans_version before insert or update on loans
  for each row execute function sync_stamp_version();
create trigger amortizations_version before insert or update on amortizations
  for each row execute function sync_stamp_version();
create trigger weekly_sheets_version before insert or update on weekly_sheets
  for each row execute function sync_stamp_version();
create trigger weekly_sheet_loans_version before insert or update on weekly_sheet_loans
  for each row execute function sync_stamp_version();

create trigger clients_tombstone after delete on clients
  for each row execute function sync_record_tombstone();
create trigger weekly_sheets_tombstone after delete on weekly_sheets
  for each row execute function sync_record_tombstone();
create trigger weekly_sheet_loans_tombstone after delete on weekly_sheet_loans
  for each row execute function sync_record_tombstone();
create trigger payment_methods_tombstone after delete on payment_methods
  for each row execute function sync_record_tombstone();

-- An installed app (docs/sincronizacion.md), bound to the user who first pushed from it.
create table sync_clients (
  client_id uuid primary key,
  user_id bigint not null references users(id) on delete cascade,
  account_id bigint not null references accounts(id),
  last_mutation_id bigint not null default 0 check (last_mutation_id >= 0),
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sync_clients_user_idx on sync_clients (user_id);

-- The outcome of every mutation, so a client whose response was lost learns it on replay.
create table sync_mutation_results (
  client_id uuid not null references sync_clients(client_id) on delete cascade,
  mutation_id bigint not null check (mutation_id > 0),
  name text not null,
  status text not null check (status in ('applied', 'rejected', 'conflict')),
  reason text,
  created_at timestamptz not null default now(),
  primary key (client_id, mutation_id)
);

-- A receipt made on the phone for each payment: a second guard against applying it twice.
create table payment_receipts (
  receipt_id uuid primary key,
  account_id bigint not null references accounts(id),
  amortization_id bigint not null references amortizations(id),
  client_id uuid,
  mutation_id bigint,
  created_at timestamptz not null default now()
);

create table sync_conflicts (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  loan_id bigint not null references loans(id),
  amortization_id bigint not null references amortizations(id),
  server_value jsonb not null,
  client_value jsonb not null,
  applied_value jsonb not null,
  server_user_id bigint references users(id),
  server_changed_at timestamptz,
  client_user_id bigint not null references users(id),
  client_id uuid,
  client_time timestamptz,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint references users(id)
);
create index sync_conflicts_account_idx on sync_conflicts (account_id, created_at desc) where reviewed_at is null;

-- Every payment change, online or synced. Append-only: updates and deletes are refused.
create table audit_log (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  user_id bigint references users(id),
  client_id uuid,
  mutation_id bigint,
  entity text not null,
  entity_id bigint not null,
  action text not null,
  before jsonb,
  after jsonb,
  client_time timestamptz,
  server_time timestamptz not null default now()
);
create index audit_log_account_entity_idx on audit_log (account_id, entity, entity_id);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log es de solo inserción';
end $$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
