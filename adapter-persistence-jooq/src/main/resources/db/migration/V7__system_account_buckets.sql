-- A system account (rail settlement, liquidity, revenue ...) is touched by every payment of its currency. Its
-- balance is spread over several rows ("buckets") so concurrent payments do not queue on one row lock; the account's
-- balance is the sum of the rows whose bucket_of is its id. Each bucket keeps its own running balance.
alter table ledger_accounts add column bucket_of uuid;
update ledger_accounts set bucket_of = id where kind = 'SYSTEM';
alter table ledger_accounts add constraint system_rows_name_their_account check ((kind = 'SYSTEM') = (bucket_of is not null));
