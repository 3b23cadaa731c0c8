-- Customer imports from CSV: the job, its rows as staged at upload (done once imported or refused), and the errors
-- of the refused ones.
create table bulk_import_jobs (
    platform_id   uuid        not null references platforms (platform_id),
    id            uuid        not null,
    uploaded_by   uuid        not null,
    status        text        not null check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
    total         integer     not null,
    processed     integer     not null,
    succeeded     integer     not null,
    failed        integer     not null,
    created_at    timestamptz not null,
    updated_at    timestamptz not null,
    completed_at  timestamptz,
    primary key (platform_id, id)
);

create table bulk_import_rows (
    platform_id  uuid    not null,
    job_id       uuid    not null,
    row_number   integer not null,
    cells        json    not null,
    done         boolean not null,
    primary key (platform_id, job_id, row_number),
    foreign key (platform_id, job_id) references bulk_import_jobs (platform_id, id)
);
/* [jooq ignore start] */
create index bulk_import_rows_pending on bulk_import_rows (platform_id, job_id, row_number) where not done;
/* [jooq ignore stop] */

create table bulk_import_errors (
    platform_id     uuid    not null,
    job_id          uuid    not null,
    row_number      integer not null,
    correlation_id  text    not null,
    code            text    not null,
    message         text    not null,
    details         json    not null,
    primary key (platform_id, job_id, row_number),
    foreign key (platform_id, job_id) references bulk_import_jobs (platform_id, id)
);
