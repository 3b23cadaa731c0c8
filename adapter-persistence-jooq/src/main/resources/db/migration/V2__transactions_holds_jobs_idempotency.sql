-- Funds reserved for payments in flight. A hold resolves once: the conditional update from PENDING is the guard.
create table ledger_holds (
    platform_id   uuid        not null references platforms (platform_id),
    id            uuid        not null,
    account_id    uuid        not null,
    currency      text        not null,
    amount_minor  bigint      not null check (amount_minor > 0),
    status        text        not null check (status in ('PENDING', 'POSTED', 'VOIDED')),
    created_at    timestamptz not null,
    resolved_at   timestamptz,
    primary key (platform_id, id),
    foreign key (platform_id, account_id) references ledger_accounts (platform_id, id)
);
-- (The DDL parser behind jOOQ's code generation cannot index text columns; these indexes exist only in PostgreSQL.)
/* [jooq ignore start] */
create index ledger_holds_by_account on ledger_holds (platform_id, account_id, status);
create index ledger_journals_by_reference on ledger_journals (platform_id, reference);
/* [jooq ignore stop] */

create table transactions (
    platform_id                   uuid        not null references platforms (platform_id),
    id                            uuid        not null,
    type                          text        not null,
    direction                     text        not null,
    status                        text        not null,
    customer_id                   uuid,
    platform_customer_id          text,
    source_account_id             text,
    destination_account_id        text,
    sent_amount_minor             bigint,
    sent_currency                 text,
    received_amount_minor         bigint      not null,
    received_currency             text        not null,
    fees_minor                    bigint      not null default 0 check (fees_minor >= 0),
    reference                     text        not null,
    hold_id                       uuid,
    failure_reason                text,
    awaiting_platform_approval    boolean     not null default false,
    details                       jsonb       not null,
    settled_at                    timestamptz,
    receipt_delivery_confirmed_at timestamptz,
    created_at                    timestamptz not null,
    updated_at                    timestamptz not null,
    primary key (platform_id, id)
);
create index transactions_by_created on transactions (platform_id, created_at, id);
create index transactions_by_customer on transactions (platform_id, customer_id, created_at);
/* [jooq ignore start] */
create index transactions_by_reference on transactions (platform_id, reference);
/* [jooq ignore stop] */

-- Responses of money-moving POSTs, stored in the same database transaction as their effect.
create table idempotency_keys (
    platform_id      uuid        not null references platforms (platform_id),
    idempotency_key  varchar(255) not null,
    request_hash     bytea       not null,
    response_status  integer     not null,
    response_body    bytea       not null,
    created_at       timestamptz not null,
    primary key (platform_id, idempotency_key)
);
create index idempotency_keys_by_age on idempotency_keys (created_at);

-- Durable delayed work (sandbox outcomes, expiries, retries). Claimed with FOR UPDATE SKIP LOCKED, so several
-- server processes share the table and each job runs once. due_at is in the platform's own time (see
-- sandbox_clocks).
create table jobs (
    platform_id  uuid        not null references platforms (platform_id),
    id           uuid        not null,
    kind         text        not null,
    payload      jsonb       not null,
    due_at       timestamptz not null,
    status       text        not null check (status in ('PENDING', 'DONE', 'FAILED')),
    attempts     integer     not null default 0,
    last_error   text,
    created_at   timestamptz not null,
    updated_at   timestamptz not null,
    primary key (platform_id, id)
);
/* [jooq ignore start] */
create index jobs_pending_by_due on jobs (due_at) where status = 'PENDING';
/* [jooq ignore stop] */

-- How far a sandbox platform's clock runs ahead of real time (POST /sandbox/clock/advance).
create table sandbox_clocks (
    platform_id     uuid        not null primary key references platforms (platform_id),
    offset_seconds  bigint      not null check (offset_seconds >= 0),
    updated_at      timestamptz not null
);
