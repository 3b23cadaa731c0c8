-- Webhooks. webhook_events is the outbox: every event a platform must hear about, written in the database
-- transaction of the change it reports, and the delivery queue (a due PENDING row is claimed with FOR UPDATE SKIP
-- LOCKED and leased while its call runs). webhook_attempts is the delivery log; webhook_keys the signing keys.
-- Event and attempt times are the platform's (sandbox clock included); lease_until is real time.
create table webhook_events (
    platform_id           uuid        not null references platforms (platform_id),
    id                    uuid        not null,
    type                  varchar(64) not null,
    data                  jsonb,
    status                varchar(16) not null check (status in ('PENDING', 'DELIVERED', 'EXHAUSTED', 'NOT_SENT')),
    attempts              integer     not null check (attempts >= 0),
    max_attempts          integer     not null check (max_attempts >= 1),
    next_attempt_at       timestamptz,
    lease_id              uuid,
    lease_until           timestamptz,
    last_response_status  integer,
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    primary key (platform_id, id),
    constraint webhook_pending_has_due_time check (status <> 'PENDING' or next_attempt_at is not null)
);
create index webhook_events_by_creation on webhook_events (platform_id, created_at, id);
/* [jooq ignore start] */
create index webhook_events_due on webhook_events (next_attempt_at) where status = 'PENDING';
/* [jooq ignore stop] */

create table webhook_attempts (
    platform_id      uuid        not null,
    event_id         uuid        not null,
    attempt          integer     not null check (attempt >= 1),
    started_at       timestamptz not null,
    url              varchar(2048),
    outcome          varchar(16) not null
                     check (outcome in ('IN_FLIGHT', 'DELIVERED', 'FAILED', 'TIMED_OUT', 'ABANDONED')),
    response_status  integer,
    response_body    varchar(1000),
    latency_millis   bigint,
    error            varchar(1000),
    primary key (platform_id, event_id, attempt),
    foreign key (platform_id, event_id) references webhook_events (platform_id, id)
);

-- Signing keys by generation. The private key (PKCS#8) is stored as is: see docs/DECISIONS.md, "Webhooks".
create table webhook_keys (
    platform_id     uuid        not null references platforms (platform_id),
    generation      integer     not null check (generation >= 1),
    public_key_pem  varchar(1000) not null,
    private_key     bytea       not null,
    created_at      timestamptz not null,
    retires_at      timestamptz,
    primary key (platform_id, generation)
);
