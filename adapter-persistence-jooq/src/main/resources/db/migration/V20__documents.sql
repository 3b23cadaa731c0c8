-- Uploaded documents: what each is (documents) and its bytes (document_contents, apart so that listing never reads
-- them). A verification's submitted_at fixes which documents it was submitted with.
create table documents (
    platform_id        uuid         not null references platforms (platform_id),
    id                 uuid         not null,
    holder             varchar(100) not null,
    customer_id        uuid         not null,
    document_type      text         not null,
    side               text,
    country            text         not null,
    document_number    text,
    issuing_authority  text,
    file_name          text         not null,
    content_type       text         not null,
    size               bigint       not null,
    sha256             text         not null,
    created_at         timestamptz  not null,
    updated_at         timestamptz  not null,
    primary key (platform_id, id),
    foreign key (platform_id, customer_id) references customers (platform_id, id)
);
create index documents_by_created on documents (platform_id, created_at, id);
create index documents_by_holder on documents (platform_id, holder, created_at, id);
create index documents_by_customer on documents (platform_id, customer_id);

create table document_contents (
    platform_id  uuid  not null,
    document_id  uuid  not null,
    content      bytea not null,
    primary key (platform_id, document_id),
    foreign key (platform_id, document_id) references documents (platform_id, id) on delete cascade
);

alter table verifications add column submitted_at timestamptz;
