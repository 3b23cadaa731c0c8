-- Embedded-wallet authentication: credentials, sessions, outstanding challenges, signed-retry requests, secrets.
create table auth_credentials (
    platform_id   uuid        not null references platforms (platform_id),
    id            uuid        not null,
    account_id    uuid        not null,
    type          text        not null,
    nickname      text        not null,
    identity      text        not null,
    audience      text,
    passkey_data  bytea,
    sign_count    bigint      not null default 0,
    created_at    timestamptz not null,
    updated_at    timestamptz not null,
    revoked_at    timestamptz,
    primary key (platform_id, id),
    foreign key (platform_id, account_id) references internal_accounts (platform_id, id)
);
create index auth_credentials_by_account on auth_credentials (platform_id, account_id);

create table auth_sessions (
    platform_id    uuid        not null references platforms (platform_id),
    id             uuid        not null,
    account_id     uuid        not null,
    credential_id  uuid        not null,
    type           text        not null,
    nickname       text        not null,
    public_key     varchar(130) not null,
    created_at     timestamptz not null,
    updated_at     timestamptz not null,
    expires_at     timestamptz not null,
    revoked_at     timestamptz,
    primary key (platform_id, id)
);
create index auth_sessions_by_account on auth_sessions (platform_id, account_id, expires_at);

-- The OTP target key's private scalar is kept only until its single use or expiry.
create table auth_challenges (
    platform_id        uuid        not null references platforms (platform_id),
    id                 uuid        not null,
    account_id         uuid        not null,
    credential_id      uuid        not null,
    type               text        not null,
    challenge_hex      text,
    client_public_key  text,
    target_public_key  text,
    target_private     bytea,
    code_sha256        text,
    attempts           integer     not null default 0,
    created_at         timestamptz not null,
    expires_at         timestamptz not null,
    consumed_at        timestamptz,
    primary key (platform_id, id)
);
create index auth_challenges_by_credential on auth_challenges (platform_id, credential_id, created_at);

create table signed_requests (
    platform_id      uuid        not null references platforms (platform_id),
    id               uuid        not null,
    account_id       uuid        not null,
    type             text        not null,
    method           text        not null,
    path             text        not null,
    body_sha256      text        not null,
    payload          text        not null,
    signer_rule      text        not null,
    signer_argument  text,
    credential_set   text,
    created_at       timestamptz not null,
    expires_at       timestamptz not null,
    consumed_at      timestamptz,
    primary key (platform_id, id)
);

create table wallet_secrets (
    platform_id  uuid  not null references platforms (platform_id),
    account_id   uuid  not null,
    secret       bytea not null,
    primary key (platform_id, account_id)
);

-- Service-wide secrets every server process must share (the wallet bundle-signing key), created on first start.
create table service_settings (
    name        varchar(100) not null primary key,
    value       text         not null,
    created_at  timestamptz  not null
);
