-- Receiver lookups: what a receiver takes and demands, referenced by quotes to UMA addresses.
create table lookups (
    platform_id           uuid        not null references platforms (platform_id),
    id                    uuid        not null,
    receiver              text        not null,
    supported_currencies  jsonb       not null,
    required_payer_fields jsonb       not null,
    created_at            timestamptz not null,
    primary key (platform_id, id)
);

create table quotes (
    platform_id             uuid        not null references platforms (platform_id),
    id                      uuid        not null,
    status                  text        not null,
    customer_id             uuid,
    source                  jsonb       not null,
    destination             jsonb       not null,
    sending_currency        text        not null,
    total_sending_minor     bigint      not null check (total_sending_minor > 0),
    receiving_currency      text        not null,
    total_receiving_minor   bigint      not null check (total_receiving_minor > 0),
    fees_minor              bigint      not null check (fees_minor >= 0),
    platform_fees_minor     bigint      not null check (platform_fees_minor >= 0),
    exchange_rate           numeric(38, 18) not null check (exchange_rate > 0),
    transaction_id          uuid        not null,
    lookup_id               uuid,
    details                 jsonb       not null,
    expires_at              timestamptz not null,
    created_at              timestamptz not null,
    updated_at              timestamptz not null,
    primary key (platform_id, id)
);
