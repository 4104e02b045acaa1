-- The route of a sheet, copied onto its loans when the snapshot is taken: group, client, reference and the
-- loan's place in that order (orden_ruta, from 0; shared/sheets/route-order.ts decides it). The collector's
-- phone reads the first page of a 1,000-loan sheet straight from an index on (sheet, orden_ruta) and searches
-- by these fields without reading a loan or client, so the loans open offline in under 200 ms (decision 007
-- measured ~0.1 s). The file and the phone agree on the week's order even if a client is renamed after
-- generation.
alter table weekly_sheet_loans
  add column grupo integer not null default 1,
  add column client_id bigint,
  add column client_nombre text not null default '',
  add column loan_reference text not null default '',
  add column orden_ruta integer not null default 0;

-- Existing sheets get their route now (in the database's collation, close to the generator's Spanish one);
-- the version trigger sends the rows to every phone at its next sync.
update weekly_sheet_loans w
set grupo = l.grupo, client_id = l.client_id, client_nombre = c.nombre, loan_reference = l.loan_reference
from loans l
join clients c on c.id = l.client_id and c.account_id = l.account_id
where l.id = w.loan_id and l.account_id = w.account_id;

update weekly_sheet_loans w
set orden_ruta = r.n
from (
  select id, (row_number() over (partition by weekly_sheet_id
    order by grupo, lower(client_nombre), loan_reference) - 1)::integer as n
  from weekly_sheet_loans
) r
where r.id = w.id;

alter table weekly_sheet_loans alter column client_id set not null;
