-- The ledger's references, checked once per statement instead of once per row. A foreign key runs a trigger and a
-- locking read for every row it guards: a quote's execution writes seven entries and a hold, fifteen such checks,
-- which cost PostgreSQL about 10 µs each (docs/PERFORMANCE.md, session 14). The same rule now holds in two parts:
--   * every statement that inserts entries or holds checks, in one anti-join over the rows it inserted, that each
--     names an existing journal and account (SQLSTATE 23503, foreign_key_violation, as before);
--   * what a reference points to never goes away: journals and ledger accounts are never deleted nor re-keyed,
--     entries and journals never change, and an entry's or hold's own references never change. That is what the
--     foreign key's lock on the referenced row protected against, so no lock is needed.
/* [jooq ignore start] */ -- (jOOQ's parser reads no function bodies; its types do not change)
alter table ledger_entries drop constraint ledger_entries_platform_id_journal_id_fkey;
alter table ledger_entries drop constraint ledger_entries_platform_id_account_id_fkey;
alter table ledger_holds drop constraint ledger_holds_platform_id_account_id_fkey;

create function ledger_entries_name_journals_and_accounts() returns trigger language plpgsql as $$
begin
    if exists (select 1 from inserted n where not exists (
            select 1 from ledger_journals j where j.platform_id = n.platform_id and j.id = n.journal_id)) then
        raise foreign_key_violation using message = 'a ledger entry names a journal that does not exist';
    end if;
    if exists (select 1 from inserted n where not exists (
            select 1 from ledger_accounts a where a.platform_id = n.platform_id and a.id = n.account_id)) then
        raise foreign_key_violation using message = 'a ledger entry names an account that does not exist';
    end if;
    return null;
end $$;
create trigger entries_name_journals_and_accounts after insert on ledger_entries
    referencing new table as inserted for each statement
    execute function ledger_entries_name_journals_and_accounts();

create function ledger_holds_name_accounts() returns trigger language plpgsql as $$
begin
    if exists (select 1 from inserted n where not exists (
            select 1 from ledger_accounts a where a.platform_id = n.platform_id and a.id = n.account_id)) then
        raise foreign_key_violation using message = 'a hold names an account that does not exist';
    end if;
    return null;
end $$;
create trigger holds_name_accounts after insert on ledger_holds
    referencing new table as inserted for each statement execute function ledger_holds_name_accounts();

create function ledger_rows_stay() returns trigger language plpgsql as $$
begin
    raise restrict_violation using message = format('%s of %s: the ledger''s rows are never removed, and what '
        'identifies them or what they name never changes', tg_op, tg_table_name);
end $$;
create trigger journals_stay before update or delete or truncate on ledger_journals
    for each statement execute function ledger_rows_stay();
create trigger entries_stay before update or delete or truncate on ledger_entries
    for each statement execute function ledger_rows_stay();
create trigger accounts_stay before delete or truncate on ledger_accounts
    for each statement execute function ledger_rows_stay();
create trigger accounts_keep_their_keys before update of platform_id, id on ledger_accounts for each row
    when (old.platform_id <> new.platform_id or old.id <> new.id) execute function ledger_rows_stay();
create trigger holds_stay before delete or truncate on ledger_holds
    for each statement execute function ledger_rows_stay();
create trigger holds_keep_their_account before update of platform_id, account_id on ledger_holds for each row
    when (old.platform_id <> new.platform_id or old.account_id <> new.account_id)
    execute function ledger_rows_stay();
/* [jooq ignore stop] */
