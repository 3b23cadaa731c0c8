package payments.ports.driven.card;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.card.Card;
import payments.core.card.CardFilter;
import payments.core.card.CardNumbers;
import payments.core.id.CardId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** The cards of each platform, and each card's number and code, kept sealed apart from the card. */
public interface Cards {
    /** Inserts the card; 409 {@code CONFLICT} when its {@code platformCardId} is taken on the platform. */
    void insert(Card card);

    void update(Card card);

    Optional<Card> find(PlatformId platform, CardId id);

    /** {@link #find} of several, those that exist, by id. */
    default Map<CardId, Card> findAll(PlatformId platform, Collection<CardId> ids) {
        Map<CardId, Card> found = new LinkedHashMap<>();
        ids.forEach(id -> find(platform, id).ifPresent(card -> found.put(id, card)));
        return found;
    }

    /** Locks the card for the rest of the database transaction. */
    Optional<Card> findForUpdate(PlatformId platform, CardId id);

    Page<Card> list(PlatformId platform, CardFilter filter, PageRequest page);

    /** Stores the number the issuer assigned, sealed; never read back except by {@link #numbers}. */
    void saveNumbers(PlatformId platform, CardId id, CardNumbers numbers);

    Optional<CardNumbers> numbers(PlatformId platform, CardId id);
}
