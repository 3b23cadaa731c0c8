package payments.core.bankrail;

import java.time.Instant;
import payments.core.id.PlatformId;

/**
 * A platform's currency sent through its bank as ISO 20022 files: the debtor account the credit transfers are drawn
 * on and the cut-off interval at which the queued ones leave in one file. Set by the operator.
 */
public record BankRail(PlatformId platform, String currency, DebtorAccount debtor, long cutOffSeconds,
                       Instant createdAt, Instant updatedAt) {
    /** The rail's name in {@code GET /config}. */
    public static final String NAME = "ISO20022_BANK";
}
