-- Every table carries platform_id and every query filters by it: tenant isolation now, the distribution key
-- (Citus) later. Money is bigint minor units. Times are timestamptz (UTC on the wire).

create table platforms (
    platform_id  uuid        not null primary key,
    name         text        not null,
    environment  text        not null check (environment in ('SANDBOX', 'PRODUCTION')),
    config       jsonb       not null,
    created_at   timestamptz not null,
    updated_at   timestamptz not null
);

create table api_tokens (
    platform_id  uuid        not null references platforms (platform_id),
    id           uuid        not null,
    name         text        not null,
    permissions  text        not null,
    secret_hash  bytea       not null,
    created_at   timestamptz not null,
    updated_at   timestamptz not null,
    deleted_at   timestamptz,
    primary key (platform_id, id)
);
-- Authentication finds a token by id before the platform is known.
create unique index api_tokens_id on api_tokens (id);

create table customers (
    platform_id          uuid        not null references platforms (platform_id),
    id                   uuid        not null,
    platform_customer_id text        not null,
    customer_type        text        not null,
    uma_address          text        not null,
    region               text,
    currencies           text        not null,
    email                text,
    phone_number         text,
    verification_status  text        not null,
    details              jsonb       not null,
    created_at           timestamptz not null,
    updated_at           timestamptz not null,
    deleted_at           timestamptz,
    primary key (platform_id, id)
);
create index customers_by_created on customers (platform_id, created_at, id);
/* [jooq ignore start] */
create unique index customers_active_platform_customer_id on customers (platform_id, platform_customer_id)
    where deleted_at is null;
create unique index customers_active_uma_address on customers (platform_id, uma_address) where deleted_at is null;
/* [jooq ignore stop] */

-- The books: every balance lives here and changes only together with a ledger entry.
create table ledger_accounts (
    platform_id     uuid        not null references platforms (platform_id),
    id              uuid        not null,
    currency        text        not null,
    kind            text        not null check (kind in ('CUSTOMER', 'PLATFORM', 'SYSTEM')),
    posted_minor    bigint      not null default 0,
    held_minor      bigint      not null default 0,
    created_at      timestamptz not null,
    updated_at      timestamptz not null,
    primary key (platform_id, id),
    constraint held_not_negative check (held_minor >= 0),
    constraint owned_balance_not_negative check (kind = 'SYSTEM' or posted_minor - held_minor >= 0)
);

create table ledger_journals (
    platform_id  uuid        not null references platforms (platform_id),
    id           uuid        not null,
    kind         text        not null,
    reference    text        not null,
    created_at   timestamptz not null,
    primary key (platform_id, id)
);

create table ledger_entries (
    platform_id          uuid        not null references platforms (platform_id),
    id                   bigserial   not null,
    journal_id           uuid        not null,
    account_id           uuid        not null,
    currency             text        not null,
    amount_minor         bigint      not null check (amount_minor <> 0),
    balance_after_minor  bigint      not null,
    created_at           timestamptz not null,
    primary key (platform_id, id),
    foreign key (platform_id, journal_id) references ledger_journals (platform_id, id),
    foreign key (platform_id, account_id) references ledger_accounts (platform_id, id)
);
create index ledger_entries_by_account on ledger_entries (platform_id, account_id, id);

create table internal_accounts (
    platform_id      uuid        not null references platforms (platform_id),
    id               uuid        not null,
    customer_id      uuid,
    currency         text        not null,
    account_type     text        not null,
    status           text        not null,
    private_enabled  boolean,
    created_at       timestamptz not null,
    updated_at       timestamptz not null,
    primary key (platform_id, id),
    foreign key (platform_id, id) references ledger_accounts (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index internal_accounts_by_created on internal_accounts (platform_id, created_at, id);
create index internal_accounts_by_customer on internal_accounts (platform_id, customer_id);

create table external_accounts (
    platform_id                     uuid        not null references platforms (platform_id),
    id                              uuid        not null,
    customer_id                     uuid,
    currency                        text        not null,
    status                          text        not null,
    platform_account_id             text,
    ownership_type                  text,
    default_uma_deposit_account     boolean     not null,
    account_type                    text        not null,
    primary_identifier              text        not null,
    account_info                    jsonb       not null,
    beneficiary_verification_status text,
    beneficiary_verified_name       text,
    created_at                      timestamptz not null,
    updated_at                      timestamptz not null,
    deleted_at                      timestamptz,
    primary key (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index external_accounts_by_created on external_accounts (platform_id, created_at, id);
/* [jooq ignore start] */
create unique index external_accounts_active_identity on external_accounts
    (platform_id, coalesce(customer_id, '00000000-0000-0000-0000-000000000000'::uuid), account_type, currency,
     primary_identifier)
    where deleted_at is null;
create unique index external_accounts_one_default_uma on external_accounts (platform_id, customer_id)
    where default_uma_deposit_account and deleted_at is null;
/* [jooq ignore stop] */
