package payments.core.compliance;

import java.time.Instant;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;

/**
 * A document uploaded for a customer or one of a business's beneficial owners ({@code holder}, a wire id; {@code
 * customerId} is the customer it counts for): what it is, the file's name, the type its bytes show, size and SHA-256.
 */
public record Document(UUID id, PlatformId platformId, String holder, CustomerId customerId, String documentType,
                       String side, String country, String documentNumber, String issuingAuthority, String fileName,
                       String contentType, long size, String sha256, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "Document";

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(String id) {
        return new NotFound("NOT_FOUND", "Document " + id + " not found");
    }

    /** The document with a new file and description, its holder kept. */
    public Document replaced(Document with, Instant now) {
        return new Document(id, platformId, holder, customerId, with.documentType, with.side, with.country,
                with.documentNumber, with.issuingAuthority, with.fileName, with.contentType, with.size, with.sha256,
                createdAt, now);
    }
}
