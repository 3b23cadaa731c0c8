-- The due rows of one platform, by its own clock (PlatformTime): a platform's claims, and the second pass of the
-- claims over every platform, which reads the platforms whose sandbox clocks run ahead one by one. Before these,
-- any clock far ahead made every poll read every pending row of every platform.
/* [jooq ignore start] */ -- (jOOQ's parser knows no CONCURRENTLY; its types need no index)
create index concurrently if not exists jobs_pending_by_platform on jobs (platform_id, due_at) where status = 'PENDING';
create index concurrently if not exists webhook_events_due_by_platform on webhook_events (platform_id, next_attempt_at) where status = 'PENDING';
create index concurrently if not exists quotes_pending_by_platform on quotes (platform_id, expires_at) where status = 'PENDING';
/* [jooq ignore stop] */
