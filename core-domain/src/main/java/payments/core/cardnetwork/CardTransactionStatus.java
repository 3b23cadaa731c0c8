package payments.core.cardnetwork;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A card transaction's states and the only moves between them: clearings settle it (in parts, then whole), returns
 * refund it (a reversed return settles it again), and a funding pull that fails after the network was paid makes
 * it an {@code EXCEPTION}, which an operator resolves.
 */
public enum CardTransactionStatus {
    AUTHORIZED, PARTIALLY_SETTLED, SETTLED, REFUNDED, EXCEPTION;

    private static final Map<CardTransactionStatus, Set<CardTransactionStatus>> NEXT = Map.of(
            AUTHORIZED, EnumSet.of(AUTHORIZED, PARTIALLY_SETTLED, SETTLED, EXCEPTION),
            PARTIALLY_SETTLED, EnumSet.of(PARTIALLY_SETTLED, SETTLED, EXCEPTION),
            SETTLED, EnumSet.of(SETTLED, REFUNDED, EXCEPTION),
            REFUNDED, EnumSet.of(SETTLED, EXCEPTION),
            EXCEPTION, EnumSet.noneOf(CardTransactionStatus.class));

    public boolean canMoveTo(CardTransactionStatus next) {
        return NEXT.get(this).contains(next);
    }

    /** Whether clearings and advices may still arrive: the authorization is open. */
    public boolean isOpen() {
        return this == AUTHORIZED || this == PARTIALLY_SETTLED;
    }
}
