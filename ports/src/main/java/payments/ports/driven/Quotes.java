package payments.ports.driven;

import java.util.Optional;
import java.util.UUID;
import payments.core.common.PlatformId;
import payments.core.quote.Quote;

public interface Quotes {
    void insert(Quote quote);

    void update(Quote quote);

    Optional<Quote> find(PlatformId platform, UUID id);

    /** Locks the quote's row for the rest of the database transaction: one execution or funding at a time. */
    Optional<Quote> findForUpdate(PlatformId platform, UUID id);
}
