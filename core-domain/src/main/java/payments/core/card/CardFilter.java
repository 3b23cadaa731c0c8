package payments.core.card;

import java.util.UUID;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;

/** Filters of {@code GET /cards}; null means any. {@code accountId} matches a card funded by that account. */
public record CardFilter(CustomerId cardholderId, InternalAccountId accountId, String platformCardId,
                         CardState state, boolean ascending) {
    /** The binding id ({@code CardFundingSource:<uuid>}) of an account funding a card: derived, never stored. */
    public static UUID fundingSourceId(CardId card, InternalAccountId account) {
        return payments.core.id.NameBasedIds.of("card-funding-source:" + card.value() + ":" + account.value());
    }
}
