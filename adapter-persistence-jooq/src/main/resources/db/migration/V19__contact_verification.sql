-- The email and phone number a customer proved (a channel is verified while its current value is the proved one),
-- and the code last sent for each channel: its hash, expiry, wrong guesses, and the codes sent this hour.
alter table customers add column verified_email text;
alter table customers add column verified_phone text;

create table contact_codes (
    platform_id        uuid        not null references platforms (platform_id),
    customer_id        uuid        not null,
    channel            varchar(8)  not null check (channel in ('EMAIL', 'PHONE')),
    address            text        not null,
    code_hash          text        not null,
    expires_at         timestamptz not null,
    failed_attempts    integer     not null,
    sends              integer     not null,
    window_started_at  timestamptz not null,
    primary key (platform_id, customer_id, channel),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
