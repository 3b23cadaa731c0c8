package payments.ports.compliance;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.compliance.Document;
import payments.core.compliance.FileKind;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.compliance.BeneficialOwners;
import payments.ports.driven.compliance.DocumentStore;
import payments.ports.driven.compliance.Documents;
import payments.ports.driven.compliance.Verifications;
import payments.ports.driven.customer.Customers;

/**
 * {@link DocumentUseCases}: a file's kind is judged by its bytes ({@link FileKind}), its SHA-256 kept; the record
 * and the bytes are written in one transaction, so neither is ever left without the other.
 */
public final class DocumentService implements DocumentUseCases {
    private final Documents documents;
    private final DocumentStore contents;
    private final Customers customers;
    private final BeneficialOwners owners;
    private final Verifications verifications;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;

    public DocumentService(Documents documents, DocumentStore contents, Customers customers, BeneficialOwners owners,
                           Verifications verifications, TransactionRunner tx, Clock clock, Ids ids) {
        this.documents = documents;
        this.contents = contents;
        this.customers = customers;
        this.owners = owners;
        this.verifications = verifications;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public Document upload(Caller caller, NewDocument command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            String holder = canonical(command.holder());
            CustomerId customer = customerOf(caller, holder);
            Document document = describe(caller, ids.newId(), holder, customer, command, clock.now());
            documents.insert(document);
            contents.put(caller.platformId(), document.id(), command.content());
            return document;
        });
    }

    @Override
    public Page<Document> list(Caller caller, String holder, PageRequest page) {
        caller.require(Permission.VIEW);
        return documents.list(caller.platformId(), holder, page);
    }

    @Override
    public Document get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return documents.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
    }

    @Override
    public Document replace(Caller caller, UUID id, NewDocument command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Document current = documents.findForUpdate(caller.platformId(), id).orElseThrow(() -> notFound(id));
            Instant now = clock.now();
            Document replaced = current.replaced(describe(caller, id, current.holder(), current.customerId(),
                    command, now), now);
            documents.update(replaced);
            contents.put(caller.platformId(), id, command.content());
            return replaced;
        });
    }

    @Override
    public void delete(Caller caller, UUID id) {
        caller.require(Permission.MANAGE);
        tx.inTransaction(() -> {
            Document current = documents.findForUpdate(caller.platformId(), id).orElseThrow(() -> notFound(id));
            boolean submitted = verifications.latestOf(caller.platformId(), current.customerId())
                    .map(v -> v.submittedWith(current.updatedAt())).orElse(false);
            if (submitted) {
                throw new Conflict("CONFLICT", "Document " + current.wireId() + " was submitted for verification "
                        + "and is kept with it; upload a new one instead");
            }
            documents.delete(caller.platformId(), id);
            contents.delete(caller.platformId(), id);
        });
    }

    /** The holder's id as the service writes it (the one form verifications compare), or 400. */
    private static String canonical(String holder) {
        if (EntityId.isOfKind(BeneficialOwner.KIND, holder)) {
            return EntityId.format(BeneficialOwner.KIND, BeneficialOwner.parseId("documentHolder", holder));
        }
        if (EntityId.isOfKind(CustomerId.KIND, holder)) {
            return CustomerId.parse("documentHolder", holder).toString();
        }
        throw InvalidFields.of("documentHolder", "must be a Customer: or BeneficialOwner: id");
    }

    /** The customer a holder id counts for: the customer itself, or a beneficial owner's business. */
    private CustomerId customerOf(Caller caller, String holder) {
        if (EntityId.isOfKind(BeneficialOwner.KIND, holder)) {
            UUID owner = BeneficialOwner.parseId("documentHolder", holder);
            return owners.find(caller.platformId(), owner).orElseThrow(() -> BeneficialOwner.notFound(holder))
                    .customerId();
        }
        CustomerId customer = CustomerId.parse("documentHolder", holder);
        customers.find(caller.platformId(), customer).filter(c -> !c.isDeleted())
                .orElseThrow(() -> Customer.notFound(customer));
        return customer;
    }

    private static Document describe(Caller caller, UUID id, String holder, CustomerId customer, NewDocument command,
                                     Instant now) {
        byte[] content = command.content();
        FileKind kind = FileKind.of(content, "file");
        return new Document(id, caller.platformId(), holder, customer, command.documentType(), command.side(),
                command.country(), command.documentNumber(), command.issuingAuthority(), command.fileName(),
                kind.contentType(), content.length, sha256(content), now, now);
    }

    private static RuntimeException notFound(UUID id) {
        return Document.notFound(Document.KIND + ":" + id);
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
