-- Login limits per account and per known device (docs/decisions/016-limite-de-intentos-y-sesiones.md).
-- Counting per IP locked a whole village out: 30 failures with random emails from its shared connection
-- blocked everyone behind it. The limiter now keeps, per key ('a|<email>', 'e|<ip>|<email>',
-- 'd|<device>|<email>', 'i|<ip>'), a count of failures that either backs off (each failure past the free
-- ones doubles the wait) or, for an IP, hits a ceiling within a window. Counts are transient: the old table's
-- rows are simply dropped.
drop table login_attempts;

create table login_failures (
  key text primary key,
  -- Attempts taken and not given back by a success; an attempt counts from before its password is checked.
  failures int not null default 0,
  -- The first of them (a ceiling counts inside [since, since + window)).
  since timestamptz not null,
  -- The newest of them (a back-off waits from it).
  last_at timestamptz not null,
  -- Past this instant the row counts nothing and is swept.
  forget_at timestamptz not null
);
create index login_failures_forget_at_idx on login_failures (forget_at);

-- A phone that signed in as a user: it holds the random token (only its SHA-256 is kept here) and sends it
-- with its next logins, which then skip the per-IP limits. One token per phone, bound to each user who
-- signed in on it.
create table known_devices (
  token_hash text not null,
  user_id bigint not null references users(id) on delete cascade,
  last_used_at timestamptz not null default now(),
  primary key (token_hash, user_id)
);
create index known_devices_user_idx on known_devices (user_id);
