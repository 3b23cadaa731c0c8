-- Links to the platforms' accounts at the stablecoin provider. The API client's secret is sealed by the service
-- (SecretBox, bound to the row: stablecoin_provider_accounts/<platform>/<id>) before it is written.
create table stablecoin_provider_accounts (
    platform_id          uuid          not null references platforms (platform_id),
    id                   uuid          not null,
    provider             varchar(40)   not null,
    provider_account_id  varchar(255)  not null,
    environment          varchar(20)   not null check (environment in ('SANDBOX', 'PRODUCTION')),
    status               varchar(20)   not null check (status in ('ACTIVE', 'INVALID', 'REVOKED')),
    api_client_id        varchar(255)  not null,
    api_client_secret    bytea         not null,
    last_verified_at     timestamptz,
    created_at           timestamptz   not null,
    updated_at           timestamptz   not null,
    primary key (platform_id, id)
);
create index stablecoin_provider_accounts_by_created on stablecoin_provider_accounts (platform_id, created_at, id);
-- One link per provider account: linking the account again replaces its credentials (a rotation).
create unique index stablecoin_provider_accounts_one_per_account on stablecoin_provider_accounts
    (platform_id, provider, provider_account_id);

-- Registered tokens. issued_account_id is the coin's ISSUED system account (minus its supply), which the ledger's
-- reconciliation compares with the completed operations.
create table stablecoins (
    platform_id                uuid          not null references platforms (platform_id),
    id                         uuid          not null,
    provider_account_id        uuid          not null,
    name                       varchar(255)  not null,
    symbol                     varchar(32)   not null,
    base_currency              varchar(16)   not null,
    decimals                   integer       not null check (decimals between 0 and 36),
    network                    varchar(20)   not null check (network in ('SPARK')),
    network_token_identifier   varchar(255)  not null,
    provider_token_identifier  varchar(255)  not null,
    issuance_status            varchar(20)   not null check (issuance_status in ('PENDING_REVIEW', 'PROVISIONING',
                                                                                 'PROVISIONED', 'REJECTED', 'FAILED')),
    service_operations_status  varchar(20)   not null check (service_operations_status in ('NOT_ENABLED',
                                                 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED')),
    currency                   varchar(32),
    environment                varchar(20)   not null check (environment in ('SANDBOX', 'PRODUCTION')),
    provider_reference         varchar(255)  not null,
    issued_account_id          uuid          not null,
    created_at                 timestamptz   not null,
    updated_at                 timestamptz   not null,
    primary key (platform_id, id),
    foreign key (platform_id, provider_account_id) references stablecoin_provider_accounts (platform_id, id)
);
create index stablecoins_by_created on stablecoins (platform_id, created_at, id);
-- A token is registered once (again only after the provider turned it down); a service currency holds one coin.
/* [jooq ignore start] */
create unique index stablecoins_one_per_token on stablecoins (platform_id, network, network_token_identifier)
    where issuance_status not in ('REJECTED', 'FAILED');
create unique index stablecoins_one_per_currency on stablecoins (platform_id, currency) where currency is not null;
/* [jooq ignore stop] */

-- Mints and burns. source and destination are the reference's merged shapes; hold_id the ledger hold on the
-- internal account an operation spends from, posted or voided with its final status.
create table stablecoin_operations (
    platform_id           uuid          not null references platforms (platform_id),
    id                    uuid          not null,
    stablecoin_id         uuid          not null,
    operation_type        varchar(10)   not null check (operation_type in ('MINT', 'BURN')),
    status                varchar(20)   not null check (status in ('CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER',
                                                                 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
    amount                bigint        not null check (amount > 0),
    provider_account_id   uuid          not null,
    environment           varchar(20)   not null check (environment in ('SANDBOX', 'PRODUCTION')),
    source                json          not null,
    destination           json          not null,
    funding_instructions  json,
    estimated_delivery    json,
    expires_at            timestamptz,
    provider_reference    varchar(255)  not null,
    provider_status       varchar(64),
    failure_reason        varchar(64),
    description           varchar(1024),
    hold_id               uuid,
    created_at            timestamptz   not null,
    updated_at            timestamptz   not null,
    primary key (platform_id, id),
    foreign key (platform_id, stablecoin_id) references stablecoins (platform_id, id)
);
create index stablecoin_operations_by_coin on stablecoin_operations (platform_id, stablecoin_id, created_at, id);
