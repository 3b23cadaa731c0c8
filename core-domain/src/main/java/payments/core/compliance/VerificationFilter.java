package payments.core.compliance;

import payments.core.id.CustomerId;

/** {@code GET /verifications}' filters; null matches all. */
public record VerificationFilter(CustomerId customerId, VerificationStatus status) {
}
