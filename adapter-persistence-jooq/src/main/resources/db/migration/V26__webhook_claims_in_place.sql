-- A claimed attempt's start is kept on its event while the call runs, and its log row is written once, when it ends.
-- A claim then writes only columns that no index holds, and room left in each page lets that update stay in the
-- page (HOT): no new index entries for the events being called.
alter table webhook_events add column attempt_started_at timestamptz;
/* [jooq ignore start] */
alter table webhook_events set (fillfactor = 70);
/* [jooq ignore stop] */
-- Calls under way when this runs: their start moves to their events, where a claim now looks for it.
/* [jooq ignore start] */
update webhook_events e set attempt_started_at = a.started_at
from webhook_attempts a
where a.platform_id = e.platform_id and a.event_id = e.id and a.attempt = e.attempts and a.outcome = 'IN_FLIGHT'
  and e.lease_until is not null;
delete from webhook_attempts where outcome = 'IN_FLIGHT';
/* [jooq ignore stop] */
