-- The rows each payment appends no longer check their platform_id against platforms, one trigger per row: a
-- platform id only ever comes from the authenticated caller's token (api_tokens keeps its reference) and platforms
-- are never deleted. Ledger entries and holds still name their account by (platform_id, id), which keeps them to an
-- existing platform; every other reference stays. A transfer-out made 7 such checks, a quote 17.5.
-- (jOOQ's code generation does not need to know: it reads no foreign keys of these tables.)
/* [jooq ignore start] */
alter table ledger_entries drop constraint ledger_entries_platform_id_fkey;
alter table ledger_holds drop constraint ledger_holds_platform_id_fkey;
alter table ledger_journals drop constraint ledger_journals_platform_id_fkey;
alter table transactions drop constraint transactions_platform_id_fkey;
alter table idempotency_keys drop constraint idempotency_keys_platform_id_fkey;
alter table webhook_events drop constraint webhook_events_platform_id_fkey;
alter table jobs drop constraint jobs_platform_id_fkey;
alter table quotes drop constraint quotes_platform_id_fkey;
/* [jooq ignore stop] */
