-- The collector's day (docs/reglas-del-negocio.md §9–§11): assigned municipalities, visits without payment,
-- cash counts, and the short receipt number on the audit row.

-- A user sees every municipality of the account (the default: nothing changes until the office limits
-- someone) or only those listed in user_municipalities.
alter table users add column todos_municipios boolean not null default true;
create table user_municipalities (
  user_id bigint not null references users(id) on delete cascade,
  municipality_id bigint not null references municipalities(id) on delete cascade,
  primary key (user_id, municipality_id)
);

-- For one-row checks (a push of one loan, its detail): whether the user may read that municipality.
create function user_sees_municipality(uid bigint, mid bigint) returns boolean language sql stable as $$
  select coalesce((select u.todos_municipios from users u where u.id = uid), false)
    or exists (select 1 from user_municipalities um where um.user_id = uid and um.municipality_id = mid)
$$;

-- A call on a client that brought no payment, synced from the phone exactly once (its receipt id).
create table visits (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  loan_id bigint not null,
  user_id bigint not null references users(id),
  motivo text not null check (motivo in ('NO_ESTABA', 'SIN_DINERO', 'PROMESA', 'OTRO')),
  -- The business date of the visit on the phone.
  fecha date not null,
  fecha_promesa date,
  nota text check (nota is null or char_length(nota) <= 200),
  receipt_id uuid not null unique,
  client_id uuid,
  mutation_id bigint,
  client_time timestamptz,
  created_at timestamptz not null default now(),
  version bigint not null default 0,
  check (motivo <> 'PROMESA' or fecha_promesa >= fecha),
  foreign key (loan_id, account_id) references loans(id, account_id)
);
create index visits_account_version_idx on visits (account_id, version, id);
create index visits_loan_idx on visits (loan_id, fecha desc);
create trigger visits_version before insert or update on visits
  for each row execute function sync_stamp_version();

-- 'Cerrar día': what the server found recorded by the user that date, and what the collector counted.
create table cash_counts (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  user_id bigint not null references users(id),
  fecha date not null,
  registrado numeric(14,2) not null,
  detalle jsonb not null default '[]'::jsonb,
  contado numeric(14,2) not null check (contado >= 0),
  diferencia numeric(14,2) not null,
  nota text check (nota is null or char_length(nota) <= 200),
  receipt_id uuid not null unique,
  client_id uuid,
  mutation_id bigint,
  client_time timestamptz,
  created_at timestamptz not null default now()
);
create index cash_counts_account_fecha_idx on cash_counts (account_id, fecha desc, id desc);

-- The number printed on the phone's receipt ('R-3F9A-12C7'), so the office can find the payment behind it.
alter table audit_log add column recibo text;
create index audit_log_account_recibo_idx on audit_log (account_id, recibo) where recibo is not null;
