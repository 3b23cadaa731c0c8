package payments.core.transaction;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The states of a payment and the only moves between them. COMPLETED is not final: a bank may return a payment
 * later (COMPLETED → FAILED), and a failed payment may be refunded.
 */
public enum TransactionStatus {
    CREATED, PENDING, PROCESSING, COMPLETED, REJECTED, FAILED, REFUNDED, EXPIRED;

    private static final Map<TransactionStatus, Set<TransactionStatus>> NEXT = Map.of(
            CREATED, EnumSet.of(PENDING, PROCESSING, FAILED, EXPIRED),
            PENDING, EnumSet.of(PROCESSING, COMPLETED, REJECTED, FAILED, EXPIRED),
            PROCESSING, EnumSet.of(COMPLETED, REJECTED, FAILED),
            COMPLETED, EnumSet.of(FAILED, REFUNDED),
            FAILED, EnumSet.of(REFUNDED),
            REJECTED, EnumSet.noneOf(TransactionStatus.class),
            REFUNDED, EnumSet.noneOf(TransactionStatus.class),
            EXPIRED, EnumSet.noneOf(TransactionStatus.class));

    public boolean canMoveTo(TransactionStatus next) {
        return NEXT.get(this).contains(next);
    }

    /** Not yet settled either way: the outcome is still open. */
    public boolean isOpen() {
        return this == CREATED || this == PENDING || this == PROCESSING;
    }
}
