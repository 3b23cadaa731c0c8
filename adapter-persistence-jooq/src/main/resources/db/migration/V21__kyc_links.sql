-- Hosted verification links, found by the hash of their token alone (the token is the end user's credential).
create table kyc_links (
    token_hash    varchar(64) not null primary key,
    platform_id   uuid        not null references platforms (platform_id),
    customer_id   uuid        not null,
    redirect_uri  text,
    expires_at    timestamptz not null,
    used_at       timestamptz,
    outcome       text,
    created_at    timestamptz not null,
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
