-- The leased webhook events of each platform: a claim counts a platform's calls in flight through it (a handful of
-- rows), where counting through the due rows would read every pending event of a platform with a backlog.
/* [jooq ignore start] */ -- (jOOQ's parser knows no CONCURRENTLY; its types need no index)
create index concurrently if not exists webhook_events_leased on webhook_events (platform_id, lease_until) where lease_until is not null;
/* [jooq ignore stop] */
