package payments.core.bankrail;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import payments.core.id.PlatformId;

/**
 * The credit transfers of one platform's debtor account taken at one cut-off: one {@code pain.001} file, whose
 * message id is unique and which is written the same way however often it is written ({@code createdAt} is the
 * batch's, not the writing's).
 */
public record BankBatch(PlatformId platform, UUID id, String messageId, String currency, DebtorAccount debtor,
                        Instant createdAt, List<CreditTransfer> transfers) {
    public BankBatch {
        transfers = List.copyOf(transfers);
    }

    /** The file's name in the outbox. */
    public String fileName() {
        return "pain.001." + messageId + ".xml";
    }
}
