-- 'En campo' (docs/producto.md §2.25): what each phone had still waiting in its outbox when it last pushed, and
-- when; a pull also counts as hearing from the phone (last_seen_at).
alter table sync_clients add column pendientes integer check (pendientes is null or pendientes >= 0);
alter table sync_clients add column pendientes_at timestamptz;
