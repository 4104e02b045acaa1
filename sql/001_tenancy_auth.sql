-- Accounts (tenants), roles, permissions, users and refresh tokens.
create table accounts (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> ''),
  created_at timestamptz not null default now()
);

create table permissions (
  permission text primary key check (permission ~ '^[A-Z_]+$'),
  description text not null
);

-- Roles belong to an account, so one business's role names never show in another's.
create table roles (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  role_name text not null check (btrim(role_name) <> '' and role_name = upper(role_name)),
  created_at timestamptz not null default now(),
  unique (account_id, role_name),
  unique (id, account_id)
);

create table role_permissions (
  role_id bigint not null references roles(id) on delete cascade,
  permission text not null references permissions(permission),
  primary key (role_id, permission)
);

create table users (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  role_id bigint,
  name text not null check (btrim(name) <> ''),
  email text not null check (position('@' in email) > 1),
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A user's role must be one of the user's own account.
  foreign key (role_id, account_id) references roles(id, account_id)
);
create unique index users_email_key on users (lower(email));
create index users_account_idx on users (account_id);

-- Refresh tokens are stored hashed; each login starts a family, each refresh rotates within it.
create table refresh_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id);
