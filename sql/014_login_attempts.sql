-- Login attempts inside the limiter's window, per key (today 'e|<ip>|<email>' and 'i|<ip>'; any text will do),
-- shared by every API process: counts kept in each process's memory let N processes allow N times the limit.
-- An attempt is taken here before its password is checked (the row lock orders concurrent attempts of one
-- key), so concurrent wrong passwords cannot slip past the limit.
create table login_attempts (
  key text primary key,
  -- When each attempt inside the window was taken, oldest first; never more than the key's limit of them.
  attempts timestamptz[] not null default '{}',
  -- The newest attempt: a key whose newest attempt has left the window is swept away.
  last_at timestamptz not null
);
create index login_attempts_last_at_idx on login_attempts (last_at);
