-- Receipt ids are unique within an account. Unique across every account, an id another account had already
-- used would make this account's payment, visit or cash count answer as a replay and be dropped, and would tell
-- the other account that the id existed.
alter table payment_receipts drop constraint payment_receipts_pkey;
alter table payment_receipts add primary key (account_id, receipt_id);
alter table visits drop constraint visits_receipt_id_key;
alter table visits add constraint visits_account_receipt_key unique (account_id, receipt_id);
alter table cash_counts drop constraint cash_counts_receipt_id_key;
alter table cash_counts add constraint cash_counts_account_receipt_key unique (account_id, receipt_id);
