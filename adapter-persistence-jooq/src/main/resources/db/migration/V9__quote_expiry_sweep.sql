-- Quotes expire by a sweep over their own pending rows instead of a job each (docs/DECISIONS.md): a quote that is
-- executed is not touched again. The expiry jobs written before are the sweep's now.
create index quotes_pending_by_expiry on quotes (expires_at) where status = 'PENDING';
delete from jobs where kind = 'QUOTE_EXPIRY' and status = 'PENDING';
