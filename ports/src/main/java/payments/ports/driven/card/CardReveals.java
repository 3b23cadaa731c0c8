package payments.ports.driven.card;

import java.time.Instant;
import java.util.Optional;
import payments.core.id.CardId;
import payments.core.id.PlatformId;

/** The single-use links to a card's reveal page, kept by their token's hash. */
public interface CardReveals {
    record CardReveal(String tokenHash, PlatformId platformId, CardId cardId, String revealedBy, Instant expiresAt,
                      Instant usedAt, Instant createdAt) {
        public CardReveal used(Instant now) {
            return new CardReveal(tokenHash, platformId, cardId, revealedBy, expiresAt, now, createdAt);
        }
    }

    void insert(CardReveal reveal);

    /** Locks the link for the rest of the database transaction: it is used once. */
    Optional<CardReveal> findForUpdate(String tokenHash);

    void update(CardReveal reveal);
}
