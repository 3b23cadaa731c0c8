package payments.ports.driven.quote;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.quote.Quote;

public interface Quotes {
    void insert(Quote quote);

    /** Inserts several, as one change. */
    default void insertAll(List<Quote> quotes) {
        quotes.forEach(this::insert);
    }

    /**
     * Records a transition. A quote's transitions change its status and its time only (QuoteTest), so a store may
     * write just those.
     */
    void update(Quote quote);

    Optional<Quote> find(PlatformId platform, UUID id);

    /** Locks the quote's row for the rest of the database transaction: one execution or funding at a time. */
    Optional<Quote> findForUpdate(PlatformId platform, UUID id);

    /** {@link #findForUpdate} of several (locked in id order), those that exist, by id. */
    default Map<UUID, Quote> findAllForUpdate(PlatformId platform, Collection<UUID> ids) {
        Map<UUID, Quote> found = new LinkedHashMap<>();
        ids.stream().sorted().forEach(id -> findForUpdate(platform, id).ifPresent(q -> found.put(id, q)));
        return found;
    }

    /** Updates several, as one change. */
    default void updateAll(List<Quote> quotes) {
        quotes.forEach(this::update);
    }

    /**
     * Up to {@code limit} pending quotes of any platform whose expiry has come by their platform's clock at the real
     * time {@code realNow}, earliest first, locked for the rest of the database transaction; quotes another process
     * holds are skipped.
     */
    List<Quote> claimExpired(Instant realNow, int limit);

    /**
     * Up to {@code limit} of one platform's pending quotes past their expiry, locked in id order (as executions lock
     * them); unlike {@link #claimExpired} it waits for the quotes another process holds, so that none is left behind:
     * it returns none only when none is left.
     */
    List<Quote> awaitExpired(PlatformId platform, Instant realNow, int limit);
}
