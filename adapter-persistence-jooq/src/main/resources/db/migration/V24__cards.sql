-- Cards issued to customers. funding_sources are the internal accounts tried in order at each authorization
-- (wallet_sources: those that are embedded wallets, which fund only through a delegated key). The
-- card's number and code (sealed_numbers) are sealed under the master key, bound to the row; no other column holds
-- any part of them but last4.
create table cards (
    platform_id               uuid         not null references platforms (platform_id),
    id                        uuid         not null,
    cardholder_id             uuid         not null,
    platform_card_id          varchar(255) not null,
    state                     varchar(20)  not null check (state in ('PENDING_KYC', 'PROCESSING', 'ACTIVE',
                                                                     'FROZEN', 'CLOSED')),
    state_reason              varchar(30),
    brand                     varchar(20),
    last4                     varchar(4),
    exp_month                 integer,
    exp_year                  integer,
    funding_sources           uuid[]       not null,
    wallet_sources            uuid[]       not null,
    max_spend_per_transaction bigint,
    currency                  varchar(10)  not null,
    processor_ref             varchar(100),
    issuer_ref                varchar(100),
    sealed_numbers            bytea,
    created_at                timestamptz  not null,
    updated_at                timestamptz  not null,
    primary key (platform_id, id),
    foreign key (platform_id, cardholder_id) references customers (platform_id, id)
);
create unique index cards_by_platform_card_id on cards (platform_id, platform_card_id);
create index cards_by_created on cards (platform_id, created_at, id);

-- What the card network reported for each card, and what the service did on the ledger for it. created_at is the
-- authorization's time. held_minor is held on account_id under hold_id; owed_minor was paid to the network and is
-- owed by the cardholder (a pull pending or failed).
create table card_transactions (
    platform_id              uuid        not null references platforms (platform_id),
    id                       uuid        not null,
    card_id                  uuid        not null,
    customer_id              uuid        not null,
    platform_customer_id     text        not null,
    issuer_transaction_token varchar(64) not null,
    status                   varchar(20) not null check (status in ('AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED',
                                                                    'REFUNDED', 'EXCEPTION')),
    direction                varchar(10) not null,
    merchant                 jsonb       not null,
    currency                 varchar(10) not null,
    authorized_minor         bigint      not null check (authorized_minor >= 0),
    settled_minor            bigint      not null check (settled_minor >= 0),
    refunded_minor           bigint      not null check (refunded_minor >= 0),
    account_id               uuid        not null,
    hold_id                  uuid,
    held_minor               bigint      not null check (held_minor >= 0),
    owed_minor               bigint      not null check (owed_minor >= 0),
    pull                     varchar(30) not null,
    pull_count               integer     not null,
    pull_total               bigint      not null,
    pending_pulls            integer     not null,
    refund_count             integer     not null,
    refund_total             bigint      not null,
    settlement_count         integer     not null,
    settlement_total         bigint      not null,
    last_event_at            timestamptz not null,
    created_at               timestamptz not null,
    updated_at               timestamptz not null,
    primary key (platform_id, id),
    foreign key (platform_id, card_id) references cards (platform_id, id)
);
create index card_transactions_by_created on card_transactions (platform_id, created_at, id);
create index card_transactions_by_customer on card_transactions (platform_id, customer_id, created_at);

-- Single-use links to a card's reveal page, found by the hash of their token alone (the token is the credential).
-- revealed_by records who asked (the API token), for audit.
create table card_reveals (
    token_hash   varchar(64)  not null primary key,
    platform_id  uuid         not null,
    card_id      uuid         not null,
    revealed_by  varchar(100) not null,
    expires_at   timestamptz  not null,
    used_at      timestamptz,
    created_at   timestamptz  not null,
    foreign key (platform_id, card_id) references cards (platform_id, id)
);

-- Keys the service holds to stamp card payments from an embedded wallet funding a card, their private key sealed
-- under the master key (bound to the row). One ACTIVE key per card funding source.
create table delegated_keys (
    platform_id            uuid         not null references platforms (platform_id),
    id                     uuid         not null,
    card_id                uuid         not null,
    account_id             uuid         not null,
    funding_source_id      uuid         not null,
    public_key             varchar(66)  not null,
    nickname               varchar(256) not null,
    status                 varchar(10)  not null check (status in ('PENDING', 'ACTIVE', 'REVOKED')),
    activation_request_id  uuid         not null,
    sealed_private_key     bytea        not null,
    created_at             timestamptz  not null,
    updated_at             timestamptz  not null,
    primary key (platform_id, id),
    foreign key (platform_id, card_id) references cards (platform_id, id)
);
create index delegated_keys_by_card on delegated_keys (platform_id, card_id);
create index delegated_keys_by_activation on delegated_keys (platform_id, activation_request_id);
/* [jooq ignore start] */
create unique index delegated_keys_one_active on delegated_keys (platform_id, card_id, account_id)
    where status = 'ACTIVE';
/* [jooq ignore stop] */

-- What a delegated key stamped: the payload of a card payment from an embedded wallet, and the stamp.
create table card_payment_stamps (
    platform_id          uuid        not null references platforms (platform_id),
    card_transaction_id  uuid        not null,
    delegated_key_id     uuid        not null,
    payload              text        not null,
    stamp                text        not null,
    created_at           timestamptz not null,
    primary key (platform_id, card_transaction_id),
    foreign key (platform_id, delegated_key_id) references delegated_keys (platform_id, id)
);
