package payments.core.bankrail;

import java.time.Instant;
import java.util.UUID;
import payments.core.id.PlatformId;

/**
 * One payment queued for the platform's bank: the transfer-out it pays ({@code transactionId}), its amount in minor
 * units, the end-to-end id the bank's reports name it by, the reference the creditor sees, and the creditor.
 */
public record CreditTransfer(PlatformId platform, UUID transactionId, String currency, long amountMinor,
                             String endToEndId, String reference, Creditor creditor, Instant queuedAt) {
}
