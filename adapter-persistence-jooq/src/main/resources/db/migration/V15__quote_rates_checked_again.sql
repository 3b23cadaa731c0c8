-- V14's CHECK on quotes.exchange_rate, validated in a migration of its own: VALIDATE CONSTRAINT takes a SHARE UPDATE
-- EXCLUSIVE lock, which quotes' reads and writes pass, where V14's transaction held an exclusive one.
/* [jooq ignore start] */
alter table quotes validate constraint quotes_exchange_rate_check;
/* [jooq ignore stop] */
