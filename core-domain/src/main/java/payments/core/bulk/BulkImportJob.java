package payments.core.bulk;

import java.time.Instant;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;

/**
 * An import of customers from a CSV file: its rows staged at upload, then created in batches by durable jobs, on
 * behalf of the token that uploaded it. Counts say how far it is.
 */
public record BulkImportJob(UUID id, PlatformId platformId, TokenId uploadedBy, String status, int total,
                            int processed, int succeeded, int failed, Instant createdAt, Instant updatedAt,
                            Instant completedAt) {
    public static final String KIND = "Job";
    public static final String PENDING = "PENDING";
    public static final String PROCESSING = "PROCESSING";
    public static final String COMPLETED = "COMPLETED";

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(String id) {
        return new NotFound("NOT_FOUND", "Bulk import job " + id + " not found");
    }

    /** The job after a batch of {@code rows}, {@code succeeded} of them created; completed when none is left. */
    public BulkImportJob advanced(int rows, int succeededRows, Instant now) {
        int done = processed + rows;
        boolean finished = done >= total;
        return new BulkImportJob(id, platformId, uploadedBy, finished ? COMPLETED : PROCESSING, total, done,
                succeeded + succeededRows, failed + rows - succeededRows, createdAt, now, finished ? now : null);
    }
}
