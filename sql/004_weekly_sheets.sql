-- Weekly collection sheets (hojas de cobro) and the loans each one snapshots.
create table weekly_sheets (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  municipality_id bigint not null,
  coverage_week date not null,
  coverage_week_end date not null,
  week text not null check (week ~ '^\d{4}-W\d{2}$'),
  url text,
  file_xlsx bytea,
  processed boolean not null default false,
  proccessing_date timestamptz,
  monto_esperado numeric(14,2) not null default 0 check (monto_esperado >= 0),
  monto_cobrado numeric(14,2) not null default 0 check (monto_cobrado >= 0),
  log jsonb not null default '{}'::jsonb,
  created_by bigint references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  check (coverage_week_end >= coverage_week),
  check (not processed or proccessing_date is not null),
  unique (account_id, municipality_id, coverage_week),
  unique (id, account_id),
  foreign key (municipality_id, account_id) references municipalities(id, account_id)
);
create index weekly_sheets_account_created_idx on weekly_sheets (account_id, created_at desc);
create index weekly_sheets_account_version_idx on weekly_sheets (account_id, version);

create table weekly_sheet_loans (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  weekly_sheet_id bigint not null,
  loan_id bigint not null,
  -- The row due in the covered week (null when only arrears are due) and earlier unpaid rows.
  amortization_id bigint references amortizations(id),
  arrears_amortization_ids bigint[] not null default '{}',
  monto_esperado numeric(14,2) not null check (monto_esperado >= 0),
  saldo_a_liquidar numeric(14,2) not null,
  created_at timestamptz not null default now(),
  version bigint not null default 0,
  unique (weekly_sheet_id, loan_id),
  foreign key (weekly_sheet_id, account_id) references weekly_sheets(id, account_id) on delete cascade,
  foreign key (loan_id, account_id) references loans(id, account_id)
);
create index weekly_sheet_loans_loan_idx on weekly_sheet_loans (loan_id);
create index weekly_sheet_loans_account_version_idx on weekly_sheet_loans (account_id, version);
