-- Expense catalogue, expenses (egresos) and investments (inversiones).
create table catalogo_egresos (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  identificador text not null check (btrim(identificador) <> ''),
  concepto text not null check (btrim(concepto) <> ''),
  tipo text not null check (tipo in ('OPERACION', 'FINANCIERO', 'OTROS')),
  unique (account_id, identificador),
  unique (id, account_id)
);

create table egresos (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  fecha date not null,
  importe numeric(14,2) not null check (importe > 0),
  responsable text not null check (btrim(responsable) <> ''),
  catalogo_egreso_id bigint not null,
  created_by bigint references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (catalogo_egreso_id, account_id) references catalogo_egresos(id, account_id)
);
create index egresos_account_fecha_idx on egresos (account_id, fecha);

create table inversiones (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  fecha date not null,
  importe numeric(14,2) not null check (importe > 0),
  responsable text not null check (btrim(responsable) <> ''),
  tipo text not null check (tipo in ('Aportacion', 'Retiro', 'Capital Inicial', 'Reinversion')),
  descripcion text not null check (btrim(descripcion) <> ''),
  created_by bigint references users(id),
  created_at timestamptz not null default now()
);
create index inversiones_account_fecha_idx on inversiones (account_id, fecha);
