package payments.core.transaction;

import java.time.Instant;
import java.util.UUID;

/**
 * What {@code GET /transactions} lists: a payment ({@link Transaction}) or a card transaction, ordered together by
 * creation time and id.
 */
public interface ListedTransaction {
    UUID id();

    Instant createdAt();
}
