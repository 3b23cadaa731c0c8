-- The bank rail: a platform's currency sent through its bank as ISO 20022 files. Columns that an index or a key
-- holds are varchar, not text (jOOQ's DDL parser cannot index text); a Max35Text id of ISO 20022 is varchar(35).

-- The rails operators enabled: the platform's own account at its bank (an IBAN or an account number) and the cut-off
-- interval. A bank notification names only the account, which establishes its platform: one rail per account.
create table bank_rails (
    platform_id            uuid         not null references platforms (platform_id),
    currency               varchar(16)  not null,
    debtor_name            text         not null,
    debtor_iban            varchar(34),
    debtor_account_number  varchar(34),
    debtor_routing_number  varchar(9),
    debtor_bic             varchar(11)  not null,
    cut_off_seconds        bigint       not null check (cut_off_seconds > 0),
    created_at             timestamptz  not null,
    updated_at             timestamptz  not null,
    primary key (platform_id, currency),
    constraint bank_rails_one_debtor_identifier check ((debtor_iban is null) <> (debtor_account_number is null))
);
/* [jooq ignore start] */
create unique index bank_rails_one_per_debtor_account on bank_rails ((coalesce(debtor_iban, debtor_account_number)));
/* [jooq ignore stop] */

-- Credit transfers for the bank, one per transfer-out: queued (batch_id null) until a cut-off takes them into a
-- batch (SENT), then what the bank last said of each. A transfer-out's batch inserts them, so like the other rows a
-- payment appends they carry no foreign key (a check and a lock per row, V8). end_to_end_id names a transfer in the
-- bank's reports, which name no platform: unique across platforms.
create table bank_transfers (
    platform_id              uuid         not null,
    transaction_id           uuid         not null,
    currency                 varchar(16)  not null,
    amount_minor             bigint       not null check (amount_minor > 0),
    end_to_end_id            varchar(35)  not null,
    reference                text         not null,
    creditor_name            text         not null,
    creditor_iban            text,
    creditor_account_number  text,
    creditor_routing_number  text,
    creditor_bic             text,
    queued_at                timestamptz  not null,
    batch_id                 uuid,
    status                   varchar(10)  not null check (status in ('QUEUED', 'SENT', 'ACCEPTED', 'REJECTED',
                                                                      'SETTLED', 'RETURNED')),
    updated_at               timestamptz  not null,
    primary key (platform_id, transaction_id),
    constraint bank_transfers_queued_until_batched check ((batch_id is null) = (status = 'QUEUED'))
);
create unique index bank_transfers_by_end_to_end_id on bank_transfers (end_to_end_id);
create index bank_transfers_by_batch on bank_transfers (platform_id, batch_id);
-- The transfers the bank has not settled or rejected yet, which monitoring counts (the metrics' backlog).
/* [jooq ignore start] */
create index bank_transfers_awaiting on bank_transfers (queued_at) where status in ('QUEUED', 'SENT', 'ACCEPTED');
/* [jooq ignore stop] */
-- The queued transfers of a platform's currency, in the order a cut-off takes them: few at any time.
/* [jooq ignore start] */
create index bank_transfers_queued on bank_transfers (platform_id, currency, queued_at, transaction_id)
    where batch_id is null;
/* [jooq ignore stop] */

-- The files (pain.001) of the cut-offs: the debtor account as it was at the cut-off, so that a batch is written the
-- same way whenever it is written; sent_at once its file is in the outbox. message_id names the file in the bank's
-- reports, which name no platform: unique across platforms.
create table bank_batches (
    platform_id            uuid         not null references platforms (platform_id),
    batch_id               uuid         not null,
    message_id             varchar(35)  not null,
    currency               varchar(16)  not null,
    debtor_name            text         not null,
    debtor_iban            varchar(34),
    debtor_account_number  varchar(34),
    debtor_bic             varchar(11)  not null,
    created_at             timestamptz  not null,
    sent_at                timestamptz,
    primary key (platform_id, batch_id)
);
create unique index bank_batches_by_message_id on bank_batches (message_id);

-- The reports read from the bank's inbox, each applied or quarantined once, by the bank's message id or, for a file
-- without one, "sha256:" and its digest. A service table of no platform, like service_settings: a malformed file names
-- none, and a report is claimed before the platform it concerns is known. kind is null for a quarantined file.
create table bank_reports (
    report_key   varchar      not null primary key,
    kind         text,
    file_name    text         not null,
    outcome      varchar(12)  not null check (outcome in ('APPLIED', 'QUARANTINED')),
    reason       text,
    recorded_at  timestamptz  not null,
    constraint bank_reports_reason_of_quarantine check ((outcome = 'APPLIED' and kind is not null and reason is null)
                                                        or (outcome = 'QUARANTINED' and reason is not null))
);

-- A deposit on the bank rail names the internal account it credits by its deposit reference: the last 16 hex digits
-- of the account's id (EntityId.randomPart), which a bank notification's credit entry carries. Internal accounts are
-- written when they open, not by payments: the build's lock only holds back openings meanwhile.
/* [jooq ignore start] */
create index internal_accounts_by_deposit_reference on internal_accounts
    (platform_id, lower(right(replace(id::text, '-', ''), 16)));
/* [jooq ignore stop] */
