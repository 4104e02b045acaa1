-- Loans and their payment schedule (amortizaciones). Money rows are never deleted.
create table loans (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  client_id bigint not null,
  municipality_id bigint not null,
  payment_method_id bigint not null,
  previous_loan_id bigint references loans(id),
  loan_reference text not null,
  grupo integer not null check (grupo > 0),
  fecha_inicio date not null,
  fecha_fin date not null,
  monto_credito numeric(14,2) not null check (monto_credito > 0),
  monto_con_interes numeric(14,2) not null check (monto_con_interes > 0),
  monto_entregado numeric(14,2) not null check (monto_entregado >= 0),
  interes numeric(6,2) not null check (interes >= 0),
  modalidad_pago text not null check (modalidad_pago in ('DIARIO', 'SEMANAL', 'QUINCENAL', 'MENSUAL')),
  abono numeric(14,2) not null check (abono > 0),
  total_pagos integer not null check (total_pagos > 0),
  num_pago integer not null default 0,
  pagada boolean not null default false,
  vencido boolean not null default false,
  nombre_aval text,
  telefono_aval text,
  garantias jsonb not null default '[]'::jsonb check (jsonb_typeof(garantias) = 'array'),
  created_by bigint references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When the loan stopped being active (paid or renewed): the sync scope keeps closed loans for 8 weeks.
  closed_at timestamptz,
  version bigint not null default 0,
  check (fecha_fin >= fecha_inicio),
  check (num_pago between 0 and total_pagos),
  check (not (pagada and vencido)),
  check (previous_loan_id is null or previous_loan_id <> id),
  unique (account_id, loan_reference),
  unique (id, account_id),
  foreign key (client_id, account_id) references clients(id, account_id),
  foreign key (municipality_id, account_id) references municipalities(id, account_id),
  foreign key (payment_method_id, account_id) references payment_methods(id, account_id)
);
-- A client has at most one active loan: a renewal settles the old one in the same transaction,
-- so two concurrent renewals cannot both leave an active loan behind.
create unique index loans_one_active_per_client on loans (client_id) where not pagada;
create index loans_account_created_idx on loans (account_id, created_at desc, id desc);
create index loans_account_municipality_grupo_idx on loans (account_id, municipality_id, grupo);
create index loans_account_client_idx on loans (account_id, client_id);
create index loans_account_state_idx on loans (account_id, pagada, vencido);
create index loans_account_fecha_inicio_idx on loans (account_id, fecha_inicio);
create index loans_account_version_idx on loans (account_id, version);

create table amortizations (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  loan_id bigint not null,
  numero_pago integer not null check (numero_pago > 0),
  referencia text not null,
  fecha_pago date not null,
  pagada boolean not null default false,
  parcial numeric(14,2) not null default 0 check (parcial >= 0),
  fecha_pagada date,
  renovo boolean not null default false,
  updated_by bigint references users(id),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  check (not (pagada and renovo)),
  check (not pagada or fecha_pagada is not null),
  unique (loan_id, numero_pago),
  foreign key (loan_id, account_id) references loans(id, account_id)
);
create index amortizations_account_fecha_pago_idx on amortizations (account_id, fecha_pago) where not pagada and not renovo;
create index amortizations_account_fecha_pagada_idx on amortizations (account_id, fecha_pagada) where fecha_pagada is not null;
create index amortizations_account_version_idx on amortizations (account_id, version);
