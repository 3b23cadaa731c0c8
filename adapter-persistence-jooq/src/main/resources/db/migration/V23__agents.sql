-- Agents act for one customer within a policy (kept as the API writes it). The usage counters are in the policy's
-- currency and cover usage_day and usage_month; a connected agent's access token is kept by its hash only.
create table agents (
    platform_id    uuid         not null references platforms (platform_id),
    id             uuid         not null,
    customer_id    uuid         not null,
    name           varchar(255) not null,
    is_paused      boolean      not null,
    is_connected   boolean      not null,
    policy         json         not null,
    daily_count    integer      not null,
    daily_spend    bigint       not null,
    usage_day      date         not null,
    monthly_spend  bigint       not null,
    usage_month    varchar(7)   not null,
    token_hash     bytea,
    created_at     timestamptz  not null,
    updated_at     timestamptz  not null,
    primary key (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index agents_by_created on agents (platform_id, created_at, id);
-- Every payment an agent makes updates its usage: room in each page lets those updates stay in the page (HOT).
/* [jooq ignore start] */
alter table agents set (fillfactor = 50);
/* [jooq ignore stop] */
-- Authentication finds an agent by its id alone, as it finds an API token.
create unique index agents_by_id on agents (id);

-- Install codes, found by the hash of the code alone (the code is the agent software's only credential).
create table agent_device_codes (
    code_hash    varchar(64) not null primary key,
    platform_id  uuid        not null,
    agent_id     uuid        not null,
    expires_at   timestamptz not null,
    redeemed_at  timestamptz,
    superseded   boolean     not null,
    created_at   timestamptz not null,
    foreign key (platform_id, agent_id) references agents (platform_id, id) on delete cascade
);
create index agent_device_codes_by_agent on agent_device_codes (platform_id, agent_id);

-- What agents asked for. An action outlives its agent (history), so agent_id references no row.
create table agent_actions (
    platform_id           uuid        not null references platforms (platform_id),
    id                    uuid        not null,
    agent_id              uuid        not null,
    customer_id           uuid        not null,
    platform_customer_id  text,
    status                varchar(20) not null check (status in ('PENDING_APPROVAL', 'APPROVED', 'REJECTED',
                                                                 'FAILED')),
    type                  varchar(20) not null check (type in ('EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN')),
    quote_id              uuid,
    transfer_details      json,
    request               json        not null,
    transaction_id        uuid,
    rejection_reason      text,
    failure_reason        text,
    counted               bigint      not null,
    counted_at            timestamptz,
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    primary key (platform_id, id)
);
create index agent_actions_by_agent on agent_actions (platform_id, agent_id, created_at, id);
-- The actions waiting for approval, which the platform lists: few, so an index of those alone (every payment an
-- agent makes inserts an action, and each index costs the insert).
/* [jooq ignore start] */
create index agent_actions_pending on agent_actions (platform_id, created_at, id)
    where status = 'PENDING_APPROVAL';
/* [jooq ignore stop] */
-- A failed payment's action, to give back what it counted.
create index agent_actions_by_transaction on agent_actions (platform_id, transaction_id);
