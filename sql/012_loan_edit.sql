-- 'Editar Préstamo' (docs/reglas-del-negocio.md §3.7): free notes on a loan, and the removal of schedule rows
-- that an edit of an unpaid loan's plan leaves over (fewer payments) reaches the devices as tombstones, like
-- other deletes.
alter table loans add column notas text check (notas is null or char_length(notas) <= 500);

create trigger amortizations_tombstone after delete on amortizations
  for each row execute function sync_record_tombstone();
