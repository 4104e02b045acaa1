-- Located visits and payments, opt-in per account (docs/decisions/029-ubicacion-de-visitas-y-pagos.md).

-- Off until the account's administrator turns it on ('Ajustes de la cuenta'); while off the server keeps no
-- position, whatever a phone sends.
alter table accounts add column registrar_ubicacion boolean not null default false;

-- Where Cobranza's 'Pagó' / 'Otro monto' (a payment event) and 'No pagó' (a visit) were tapped: the position
-- with its accuracy radius in metres and when the phone took it, or why there was none ('sin ubicación'). All
-- null: the account did not ask (origin 'oficina', corrections, an older phone).
alter table payments
  add column ubicacion_lat double precision check (ubicacion_lat between -90 and 90),
  add column ubicacion_lon double precision check (ubicacion_lon between -180 and 180),
  add column ubicacion_precision_m double precision check (ubicacion_precision_m >= 0),
  add column ubicacion_tomada timestamptz,
  add column sin_ubicacion text check (sin_ubicacion in ('denegada', 'no_disponible', 'vieja')),
  add constraint payments_ubicacion_check check (
    ((ubicacion_lat is null) = (ubicacion_lon is null))
    and ((ubicacion_lat is null) = (ubicacion_precision_m is null))
    and ((ubicacion_lat is null) = (ubicacion_tomada is null))
    and (ubicacion_lat is null or sin_ubicacion is null));

alter table visits
  add column ubicacion_lat double precision check (ubicacion_lat between -90 and 90),
  add column ubicacion_lon double precision check (ubicacion_lon between -180 and 180),
  add column ubicacion_precision_m double precision check (ubicacion_precision_m >= 0),
  add column ubicacion_tomada timestamptz,
  add column sin_ubicacion text check (sin_ubicacion in ('denegada', 'no_disponible', 'vieja')),
  add constraint visits_ubicacion_check check (
    ((ubicacion_lat is null) = (ubicacion_lon is null))
    and ((ubicacion_lat is null) = (ubicacion_precision_m is null))
    and ((ubicacion_lat is null) = (ubicacion_tomada is null))
    and (ubicacion_lat is null or sin_ubicacion is null));

-- 'Guardar ubicación': a client's place, saved at the door from one of its loans' cards. Each save is a row;
-- the latest (by id) is the client's place. Not synced to phones: only the office reads it (REPORTES_VER).
-- `cliente_id` is the borrower; `client_id`, as in payments and visits, the device that sent it.
create table client_locations (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  cliente_id bigint not null,
  loan_id bigint not null,
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  precision_m double precision not null check (precision_m >= 0),
  tomada timestamptz not null,
  user_id bigint not null references users(id),
  receipt_id uuid not null,
  client_id uuid,
  mutation_id bigint,
  client_time timestamptz,
  created_at timestamptz not null default now(),
  constraint client_locations_account_receipt_key unique (account_id, receipt_id),
  foreign key (cliente_id, account_id) references clients(id, account_id) on delete cascade,
  foreign key (loan_id, account_id) references loans(id, account_id) on delete cascade
);
create index client_locations_cliente_idx on client_locations (account_id, cliente_id, id desc);
