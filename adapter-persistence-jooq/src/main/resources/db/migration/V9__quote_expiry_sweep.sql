-- Quotes expire by a sweep over their own pending rows instead of a job each (docs/DECISIONS.md): a quote that is
-- executed is not touched again. The expiry jobs written before are the sweep's now.
/* [jooq ignore start] */ -- (jOOQ's parser knows no CONCURRENTLY; its types need no index)
create index concurrently if not exists quotes_pending_by_expiry on quotes (expires_at) where status = 'PENDING';
/* [jooq ignore stop] */
delete from jobs where kind = 'QUOTE_EXPIRY' and status = 'PENDING';
