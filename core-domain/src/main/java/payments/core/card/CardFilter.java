package payments.core.card;

import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;

/** Filters of {@code GET /cards}; null means any. {@code accountId} matches a card funded by that account. */
public record CardFilter(CustomerId cardholderId, InternalAccountId accountId, String platformCardId,
                         CardState state, boolean ascending) {
}
