package payments.core.account;

import payments.core.id.CustomerId;

/** Filters of {@code GET /customers/internal-accounts}; null means any. */
public record InternalAccountFilter(CustomerId customerId, String currency, InternalAccountType type) {
}
