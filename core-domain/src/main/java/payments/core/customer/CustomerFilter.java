package payments.core.customer;

import java.time.Instant;

/** The filters of {@code GET /customers}; null means "any". Bounds are inclusive. */
public record CustomerFilter(String platformCustomerId, CustomerType type, Instant createdAfter, Instant createdBefore,
                             Instant updatedAfter, Instant updatedBefore, String region, String currency,
                             String umaAddress, boolean includeDeleted) {
}
