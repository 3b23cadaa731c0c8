package payments.ports.driven.compliance;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.compliance.Document;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** What is known of each uploaded document (its bytes are in {@link DocumentStore}). */
public interface Documents {
    void insert(Document document);

    void update(Document document);

    Optional<Document> find(PlatformId platform, UUID id);

    Optional<Document> findForUpdate(PlatformId platform, UUID id);

    void delete(PlatformId platform, UUID id);

    /** The documents of a holder ({@code Customer:} or {@code BeneficialOwner:} id), or all when it is null. */
    Page<Document> list(PlatformId platform, String holder, PageRequest page);

    /** Every document that counts for a customer: its own and its beneficial owners'. */
    List<Document> ofCustomer(PlatformId platform, CustomerId customer);
}
