package payments.core.compliance;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;

/**
 * A KYC (individual) or KYB (business) verification of a customer, with what it still needs ({@code errors}) and
 * when it was submitted (null before), which fixes the documents it looked at.
 */
public record Verification(UUID id, PlatformId platformId, CustomerId customerId, VerificationStatus status,
                           List<VerificationError> errors, Instant createdAt, Instant updatedAt,
                           Instant submittedAt) {
    public static final String KIND = "Verification";

    public Verification {
        errors = List.copyOf(errors);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(String id) {
        return new NotFound("NOT_FOUND", "Verification " + id + " not found");
    }

    /** Whether a new request for the customer's verification may re-evaluate this one (it has no outcome yet). */
    public boolean isOpen() {
        return status == VerificationStatus.RESOLVE_ERRORS;
    }

    public Verification moved(VerificationStatus next, List<VerificationError> newErrors, Instant now) {
        return new Verification(id, platformId, customerId, next, newErrors, createdAt, now,
                next == VerificationStatus.READY_FOR_VERIFICATION ? now : submittedAt);
    }

    /** Whether this verification was submitted with a document last changed at {@code documentChangedAt}. */
    public boolean submittedWith(Instant documentChangedAt) {
        return submittedAt != null && !documentChangedAt.isAfter(submittedAt);
    }
}
