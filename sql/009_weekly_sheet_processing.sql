-- Weekly sheet processing (docs/reglas-del-negocio.md): what each loan had received when the sheet was taken, so processing
-- counts only the money that came after; who generated and processed it.
alter table weekly_sheet_loans add column cobrado_previo numeric(14,2) not null default 0;
alter table weekly_sheets add column processed_by bigint references users(id);
-- The file is made from the snapshot on request; nothing stores it.
alter table weekly_sheets drop column file_xlsx;
