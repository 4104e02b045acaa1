-- Municipalities, clients, payment methods and loan parameters: all owned by an account.
create table municipalities (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  name text not null check (btrim(name) <> ''),
  collection_day text not null check (collection_day in ('LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES')),
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  unique (id, account_id)
);
create index municipalities_account_idx on municipalities (account_id) where not deleted;

create table clients (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  municipality_id bigint not null,
  nombre text not null check (btrim(nombre) <> ''),
  telefono text not null check (length(regexp_replace(telefono, '\D', '', 'g')) between 8 and 15),
  coordinadora boolean not null default false,
  empleado boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  unique (id, account_id),
  foreign key (municipality_id, account_id) references municipalities(id, account_id)
);
create index clients_account_municipality_idx on clients (account_id, municipality_id);
create index clients_account_nombre_idx on clients (account_id, lower(nombre));

create table payment_methods (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  modalidad_pago text not null check (modalidad_pago in ('DIARIO', 'SEMANAL', 'QUINCENAL', 'MENSUAL')),
  monto_minimo numeric(14,2) not null check (monto_minimo > 0),
  monto_maximo numeric(14,2) not null,
  interes numeric(6,2) not null check (interes >= 0),
  total_pagos integer not null check (total_pagos > 0),
  interes_coordinadora numeric(6,2) not null check (interes_coordinadora >= 0),
  total_pagos_coordinadora integer not null check (total_pagos_coordinadora > 0),
  interes_empleado numeric(6,2) not null check (interes_empleado >= 0),
  total_pagos_empleado integer not null check (total_pagos_empleado > 0),
  requiere_aval boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  check (monto_maximo >= monto_minimo),
  unique (account_id, modalidad_pago),
  unique (id, account_id)
);

-- One row per account (docs/reglas-del-negocio.md): commissions used by the financial reports.
create table loan_params (
  account_id bigint primary key references accounts(id),
  comision_abonos_pct numeric(6,2) not null check (comision_abonos_pct between 0 and 100),
  comision_creditos_pct numeric(6,2) not null check (comision_creditos_pct between 0 and 100),
  updated_at timestamptz not null default now()
);
