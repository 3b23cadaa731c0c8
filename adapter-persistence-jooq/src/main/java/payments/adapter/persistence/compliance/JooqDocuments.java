package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.DOCUMENTS;
import static payments.adapter.persistence.schema.Tables.DOCUMENT_CONTENTS;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.DocumentsRecord;
import payments.core.compliance.Document;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.compliance.DocumentStore;
import payments.ports.driven.compliance.Documents;

/** Documents' records, and their bytes in a table of their own ({@link DocumentStore} in PostgreSQL). */
public final class JooqDocuments implements Documents, DocumentStore {
    private final Db db;

    public JooqDocuments(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Document document) {
        db.ctx().insertInto(DOCUMENTS).set(record(document).values()).execute();
    }

    @Override
    public void update(Document document) {
        db.ctx().update(DOCUMENTS).set(record(document).values())
                .where(byId(document.platformId(), document.id())).execute();
    }

    @Override
    public Optional<Document> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(DOCUMENTS).where(byId(platform, id)).fetchOptional()
                .map(JooqDocuments::toDocument);
    }

    @Override
    public Optional<Document> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(DOCUMENTS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqDocuments::toDocument);
    }

    @Override
    public void delete(PlatformId platform, UUID id) {
        db.ctx().deleteFrom(DOCUMENTS).where(byId(platform, id)).execute(); // its bytes go with it (cascade)
    }

    @Override
    public Page<Document> list(PlatformId platform, String holder, PageRequest page) {
        Condition c = DOCUMENTS.PLATFORM_ID.eq(platform.value());
        if (holder != null) {
            c = c.and(DOCUMENTS.HOLDER.eq(holder));
        }
        return Keyset.page(db.ctx(), DOCUMENTS, DOCUMENTS.fields(), DOCUMENTS.CREATED_AT, DOCUMENTS.ID, c, page,
                r -> toDocument(r.into(DOCUMENTS)));
    }

    @Override
    public List<Document> ofCustomer(PlatformId platform, CustomerId customer) {
        return db.ctx().selectFrom(DOCUMENTS).where(DOCUMENTS.PLATFORM_ID.eq(platform.value())
                .and(DOCUMENTS.CUSTOMER_ID.eq(customer.value()))).orderBy(DOCUMENTS.CREATED_AT, DOCUMENTS.ID)
                .fetch(JooqDocuments::toDocument);
    }

    @Override
    public void put(PlatformId platform, UUID document, byte[] content) {
        db.ctx().insertInto(DOCUMENT_CONTENTS)
                .set(DOCUMENT_CONTENTS.PLATFORM_ID, platform.value())
                .set(DOCUMENT_CONTENTS.DOCUMENT_ID, document)
                .set(DOCUMENT_CONTENTS.CONTENT, content)
                .onConflict(DOCUMENT_CONTENTS.PLATFORM_ID, DOCUMENT_CONTENTS.DOCUMENT_ID)
                .doUpdate().set(DOCUMENT_CONTENTS.CONTENT, content).execute();
    }

    @Override
    public Optional<byte[]> get(PlatformId platform, UUID document) {
        return db.ctx().select(DOCUMENT_CONTENTS.CONTENT).from(DOCUMENT_CONTENTS)
                .where(DOCUMENT_CONTENTS.PLATFORM_ID.eq(platform.value())
                        .and(DOCUMENT_CONTENTS.DOCUMENT_ID.eq(document)))
                .fetchOptional(DOCUMENT_CONTENTS.CONTENT);
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return DOCUMENTS.PLATFORM_ID.eq(platform.value()).and(DOCUMENTS.ID.eq(id));
    }

    private static Row<DocumentsRecord> record(Document d) {
        Row<DocumentsRecord> r = Row.of(DOCUMENTS);
        r.set(DOCUMENTS.PLATFORM_ID, d.platformId().value());
        r.set(DOCUMENTS.ID, d.id());
        r.set(DOCUMENTS.HOLDER, d.holder());
        r.set(DOCUMENTS.CUSTOMER_ID, d.customerId().value());
        r.set(DOCUMENTS.DOCUMENT_TYPE, d.documentType());
        r.set(DOCUMENTS.SIDE, d.side());
        r.set(DOCUMENTS.COUNTRY, d.country());
        r.set(DOCUMENTS.DOCUMENT_NUMBER, d.documentNumber());
        r.set(DOCUMENTS.ISSUING_AUTHORITY, d.issuingAuthority());
        r.set(DOCUMENTS.FILE_NAME, d.fileName());
        r.set(DOCUMENTS.CONTENT_TYPE, d.contentType());
        r.set(DOCUMENTS.SIZE, d.size());
        r.set(DOCUMENTS.SHA256, d.sha256());
        r.set(DOCUMENTS.CREATED_AT, utc(d.createdAt()));
        r.set(DOCUMENTS.UPDATED_AT, utc(d.updatedAt()));
        return r;
    }

    private static Document toDocument(DocumentsRecord r) {
        return new Document(r.getId(), new PlatformId(r.getPlatformId()), r.getHolder(),
                new CustomerId(r.getCustomerId()), r.getDocumentType(), r.getSide(), r.getCountry(),
                r.getDocumentNumber(), r.getIssuingAuthority(), r.getFileName(), r.getContentType(), r.getSize(),
                r.getSha256(), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
