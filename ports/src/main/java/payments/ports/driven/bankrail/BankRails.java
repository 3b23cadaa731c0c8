package payments.ports.driven.bankrail;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.id.PlatformId;

/**
 * The bank rail's records: the rails operators enabled, the credit transfers queued and the files (batches) that
 * took them, and the reports applied or quarantined, each once. Every write joins the caller's database transaction.
 */
public interface BankRails {
    /** Enables (or changes) a platform's currency on the bank rail. */
    void save(BankRail rail);

    /**
     * The rail of a platform's currency, if the operator enabled one: read on every payment, so it may be up to a
     * second old (an enabling takes effect within a second, in every process).
     */
    Optional<BankRail> rail(PlatformId platform, String currency);

    /** The rails of a platform, as they stand now. */
    List<BankRail> rails(PlatformId platform);

    /** The rail of a platform's currency as it stands now (not from the snapshot {@link #rail} answers from). */
    default Optional<BankRail> current(PlatformId platform, String currency) {
        return rails(platform).stream().filter(r -> r.currency().equals(currency)).findFirst();
    }

    /** The rail whose debtor account is {@code account} (an IBAN or an account number): whose notification it is. */
    Optional<BankRail> railOfAccount(String account);

    /** Queues a credit transfer for the next cut-off of its platform's currency. */
    void queue(CreditTransfer transfer);

    /**
     * Removes a transfer-out's credit transfer while it is still queued (a cancel before the cut-off): true when it
     * was, false when a cut-off took it (or it was never queued). A cut-off taking it meanwhile is waited for.
     */
    boolean withdraw(PlatformId platform, UUID transactionId);

    /**
     * Takes every queued credit transfer of the platform's currency into a new batch and returns it, or empty when
     * none is queued. The transfers are locked, so two cut-offs never take the same one.
     */
    Optional<BankBatch> takeQueued(BankRail rail, UUID batchId, String messageId, Instant now);

    /** A batch and its transfers. */
    Optional<BankBatch> batch(PlatformId platform, UUID batchId);

    /** Marks a batch's file written to the outbox. */
    void markSent(PlatformId platform, UUID batchId, Instant now);

    /** The credit transfer a report's end-to-end id names, whichever platform sent it. */
    Optional<SentTransfer> sentTransfer(String endToEndId);

    /** The credit transfers of the file {@code messageId} (a status report on the whole file names only it). */
    List<SentTransfer> sentTransfers(String messageId);

    /**
     * Records what the bank last said of a credit transfer ({@code ACCEPTED}, {@code REJECTED}, {@code SETTLED},
     * {@code RETURNED}).
     */
    void markTransfer(PlatformId platform, UUID transactionId, String status, Instant now);

    /**
     * Claims a report by the bank's message id: true the first time, false when one with that id was applied or
     * quarantined before (in this process or another; a claim not yet committed elsewhere is waited for).
     */
    boolean claimReport(String messageId, String kind, String fileName, Instant now);

    /**
     * Records a file quarantined, keyed by its message id or, when it has none, its digest: true the first time.
     * {@code reason} says why, in words that name no account number.
     */
    boolean quarantine(String key, String fileName, String reason, Instant now);

    /** A credit transfer that left in a file: its platform and transfer-out, and what the bank last said. */
    record SentTransfer(PlatformId platform, UUID transactionId, String messageId, String currency,
                        long amountMinor, String status) {
    }
}
