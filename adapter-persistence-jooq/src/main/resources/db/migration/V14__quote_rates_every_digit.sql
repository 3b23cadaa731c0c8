-- A quote's exchange rate keeps every digit it was priced with. Rates carry 12 significant digits, and numeric(38, 18)
-- silently rounded those below 1e-7 (BTC to IDR: 0.000000000974076923077 read back as 0.000000000974076923), so a
-- quote showed one rate when made and another when read (session 39). Dropping the typmod rewrites no row, but
-- PostgreSQL would check the column's CHECK constraint on every row under the ALTER's exclusive lock: the constraint
-- is dropped first and comes back NOT VALID, and V15 validates it under a lock that lets quotes be read and written.
-- jOOQ's code generator reads these files with H2, which takes a bare numeric for an integer: it keeps seeing
-- numeric(38, 18), a BigDecimal, which is what the column holds.
/* [jooq ignore start] */
alter table quotes drop constraint quotes_exchange_rate_check;
alter table quotes alter column exchange_rate type numeric;
alter table quotes add constraint quotes_exchange_rate_check check (exchange_rate > 0) not valid;
/* [jooq ignore stop] */
