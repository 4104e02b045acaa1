-- Importing a lender's portfolio from a spreadsheet (docs/decisions/027-importar-cartera.md). Each imported loan
-- keeps the file's own reference and each imported client the file's key, unique per account, so a file imported
-- twice creates nothing twice. The payments made before the import become ledger events of their own origin.
alter table loans add column import_ref text check (import_ref is null or char_length(import_ref) between 1 and 40);
create unique index loans_account_import_ref_idx on loans (account_id, import_ref) where import_ref is not null;

alter table clients add column import_key text check (import_key is null or char_length(import_key) between 1 and 200);
create unique index clients_account_import_key_idx on clients (account_id, import_key) where import_key is not null;

alter table payments drop constraint payments_origen_check;
alter table payments add constraint payments_origen_check
  check (origen in ('telefono', 'oficina', 'migracion', 'importacion'));
