-- UMA invitations. A code is unique across platforms, not only within one: the invitee's platform, which may be
-- another one, names an invitation by its code alone (invitations_code; Invitations.ownerOf). Only PENDING,
-- CLAIMED and CANCELLED are stored; EXPIRED is derived from expires_at when read. amount_to_send is display only.
create table invitations (
    platform_id           uuid        not null references platforms (platform_id),
    code                  varchar(64) not null,
    inviter_uma           text        not null,
    invitee_uma           text,
    first_name            text,
    amount_to_send_minor  bigint      check (amount_to_send_minor > 0),
    currency              text,
    status                text        not null check (status in ('PENDING', 'CLAIMED', 'CANCELLED')),
    expires_at            timestamptz,
    claimed_at            timestamptz,
    cancelled_at          timestamptz,
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    primary key (platform_id, code),
    constraint invitation_amount_has_currency check ((amount_to_send_minor is null) = (currency is null))
);
create unique index invitations_code on invitations (code);
