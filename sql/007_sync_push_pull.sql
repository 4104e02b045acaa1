-- Sync push and pull (docs/sincronizacion.md), the conflicts list and the loans list search.

-- Pull pages walk (version, id) per table: the keyset needs id in the index, or a transaction that wrote
-- 280,000 rows under one version would be sorted again for every page.
drop index loans_account_version_idx;
drop index amortizations_account_version_idx;
drop index weekly_sheets_account_version_idx;
drop index weekly_sheet_loans_account_version_idx;
drop index sync_tombstones_account_version_idx;
create index municipalities_account_version_idx on municipalities (account_id, version, id);
create index clients_account_version_idx on clients (account_id, version, id);
create index payment_methods_account_version_idx on payment_methods (account_id, version, id);
create index loans_account_version_idx on loans (account_id, version, id);
create index amortizations_account_version_idx on amortizations (account_id, version, id);
create index weekly_sheets_account_version_idx on weekly_sheets (account_id, version, id);
create index weekly_sheet_loans_account_version_idx on weekly_sheet_loans (account_id, version, id);
create index sync_tombstones_account_version_idx on sync_tombstones (account_id, version, id);
create index sync_tombstones_created_idx on sync_tombstones (created_at);

-- Loans and sheets leave the scope as time passes (closed > 8 weeks, coverage > 12 weeks ago).
create index loans_account_closed_idx on loans (account_id, closed_at) where pagada;
create index weekly_sheets_account_coverage_idx on weekly_sheets (account_id, coverage_week);

-- A replay of a receipt already applied under another mutation id is recorded as skipped.
alter table sync_mutation_results drop constraint sync_mutation_results_status_check;
alter table sync_mutation_results add constraint sync_mutation_results_status_check
  check (status in ('applied', 'rejected', 'conflict', 'skipped'));

-- The device of the change the client had not seen, and the mutation that overrode it.
alter table sync_conflicts add column server_client_id uuid;
alter table sync_conflicts add column mutation_id bigint;
create index sync_conflicts_account_all_idx on sync_conflicts (account_id, created_at desc);

-- Accent- and case-insensitive search text ('Núñez' finds 'nunez'). translate() before lower(), so it
-- also works under the C locale, where lower() leaves non-ASCII letters alone.
create function search_text(t text) returns text language sql immutable parallel safe as $$
  select lower(translate(t,
    'ÁÀÄÂÃáàäâãÉÈËÊéèëêÍÌÏÎíìïîÓÒÖÔÕóòöôõÚÙÜÛúùüûÑñÇç',
    'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'))
$$;
