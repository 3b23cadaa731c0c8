-- The people behind a business customer, and KYC/KYB verifications of customers. personal_info holds the
-- write-only identifier too: it is sent to the identity provider, never shown.
create table beneficial_owners (
    platform_id           uuid        not null references platforms (platform_id),
    id                    uuid        not null,
    customer_id           uuid        not null,
    roles                 text        not null,
    ownership_percentage  integer     not null check (ownership_percentage between 0 and 100),
    personal_info         json        not null,
    kyc_status            text        not null,
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    primary key (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index beneficial_owners_by_customer on beneficial_owners (platform_id, customer_id, created_at, id);

create table verifications (
    platform_id  uuid        not null references platforms (platform_id),
    id           uuid        not null,
    customer_id  uuid        not null,
    status       text        not null check (status in ('RESOLVE_ERRORS', 'READY_FOR_VERIFICATION', 'IN_PROGRESS',
                                                        'APPROVED', 'REJECTED', 'PENDING_MANUAL_REVIEW')),
    errors       json        not null,
    created_at   timestamptz not null,
    updated_at   timestamptz not null,
    primary key (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index verifications_by_created on verifications (platform_id, created_at, id);
create index verifications_by_customer on verifications (platform_id, customer_id, created_at, id);
