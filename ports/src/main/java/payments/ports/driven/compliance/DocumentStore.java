package payments.ports.driven.compliance;

import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;

/**
 * The bytes of uploaded documents, by document id. Kept in PostgreSQL by default, so that every server process reads
 * them and a database backup holds them; an object store (S3 and the like) would implement the same three calls.
 */
public interface DocumentStore {
    /** Stores or replaces a document's bytes. */
    void put(PlatformId platform, UUID document, byte[] content);

    Optional<byte[]> get(PlatformId platform, UUID document);

    void delete(PlatformId platform, UUID document);
}
