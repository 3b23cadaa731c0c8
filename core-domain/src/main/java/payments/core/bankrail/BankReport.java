package payments.core.bankrail;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a file in the bank's inbox says, read from its XML: a payment status report ({@code pain.002}) on a file the
 * service sent, or a debit/credit notification ({@code camt.054}) on the platform's account. Each carries the bank's
 * own message id, by which the service applies it exactly once.
 */
public sealed interface BankReport permits BankReport.StatusReport, BankReport.Notification {
    String messageId();

    /**
     * A {@code pain.002}: the bank's word on the file {@code originalMessageId} as a whole ({@code groupStatus},
     * may be null) and on its payments one by one.
     */
    record StatusReport(String messageId, String originalMessageId, String groupStatus,
                        List<PaymentStatus> payments) implements BankReport {
        public StatusReport {
            payments = List.copyOf(payments);
        }
    }

    /**
     * One payment's status: {@code ACCP}, {@code ACSP}, {@code ACTC}, ... (accepted on the way), {@code ACSC}
     * (settled), {@code RJCT} (rejected, with the reason code and text the bank gave).
     */
    record PaymentStatus(String endToEndId, String status, String reasonCode, String reasonText) {
    }

    /** A {@code camt.054}: the booked entries of one account of the platform's ({@code account}: its IBAN or number). */
    record Notification(String messageId, String account, List<Entry> entries) implements BankReport {
        public Notification {
            entries = List.copyOf(entries);
        }
    }

    /**
     * One entry: a debit ({@code credit} false) names the end-to-end id of the credit transfer it paid; a credit names
     * the reference the payer gave ({@code reference}: the remittance information) and the payer's name.
     */
    record Entry(boolean credit, String currency, BigDecimal amount, String endToEndId, String reference,
                 String counterpartyName) {
    }

    /** A file that is not a report the service reads: not XML, an XML it refuses (a DTD), or not one of the three. */
    final class Malformed extends RuntimeException {
        public Malformed(String reason) {
            super(reason);
        }

        public Malformed(String reason, Throwable cause) {
            super(reason, cause);
        }
    }
}
