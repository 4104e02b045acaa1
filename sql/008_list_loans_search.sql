-- GET /api/list-loans at 100,000 loans (measured by tests/bench/list-loans.bench.ts).

-- Client name search. The normalised name is stored, so a search no longer runs search_text() (translate
-- and lower) over every client of the account, and its trigrams are indexed, so a search of 3 or more
-- characters reads only the clients that can match. GIN over text[] is core PostgreSQL (PGlite has it
-- too): no pg_trgm extension. The trigram test only narrows the candidates; strpos() decides the match.
alter table clients add column nombre_busqueda text generated always as (search_text(nombre)) stored;

-- The 3-character pieces of an already normalised text: 'garcia' → {gar,arc,rci,cia}; empty below 3.
create function search_trigrams(s text) returns text[] language sql immutable parallel safe as $$
  select array(select substr(s, i, 3) from generate_series(1, char_length(s) - 2) as i)
$$;
create index clients_nombre_busqueda_trigrams_idx on clients using gin (search_trigrams(nombre_busqueda));

-- A matching client's loans, newest first, from the index alone (supersedes (account_id, client_id)).
create index loans_account_client_created_idx on loans (account_id, client_id, created_at desc, id desc);
drop index loans_account_client_idx;

-- The list's order with the status columns: a deep page of activos/vencidos skips its offset in the index
-- alone instead of reading every loan it passes (supersedes (account_id, created_at desc, id desc)).
create index loans_account_created_status_idx on loans (account_id, created_at desc, id desc)
  include (pagada, vencido);
drop index loans_account_created_idx;

-- Overdue loans are the oldest ones: without this, their first page walks nearly the whole list.
create index loans_account_vencido_created_idx on loans (account_id, created_at desc, id desc) where vencido;
