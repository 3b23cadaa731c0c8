package payments.core.webhook;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import payments.core.compliance.VerificationStatus;
import payments.core.customer.CustomerType;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;

/** The webhook event types (reference/webhooks.md) and which state change sends which. */
public final class EventTypes {
    public static final String TEST = "TEST";
    public static final String INCOMING_PAYMENT = "INCOMING_PAYMENT";
    public static final String OUTGOING_PAYMENT = "OUTGOING_PAYMENT";
    public static final String INCOMING_PAYMENT_PENDING = INCOMING_PAYMENT + ".PENDING";
    public static final String INTERNAL_ACCOUNT_BALANCE_UPDATED = "INTERNAL_ACCOUNT.BALANCE_UPDATED";
    public static final String EXTERNAL_ACCOUNT_STATUS_UPDATED = "EXTERNAL_ACCOUNT.STATUS_UPDATED";
    public static final String INVITATION_CLAIMED = "INVITATION.CLAIMED";
    public static final String BULK_UPLOAD_COMPLETED = "BULK_UPLOAD.COMPLETED";
    public static final String CARD_STATE_CHANGE = "CARD.STATE_CHANGE";
    public static final String CARD_FUNDING_SOURCE_CHANGE = "CARD.FUNDING_SOURCE_CHANGE";
    private static final String CARD_TRANSACTION = "CARD_TRANSACTION";

    private EventTypes() {
    }

    /**
     * {@code AGENT_ACTION.<status>}: the reference's {@code AGENT_ACTION.PENDING_APPROVAL}, and the outcomes of the
     * platform's decision ({@code APPROVED}, {@code REJECTED}, {@code FAILED}).
     */
    /** A card transaction's news: {@code CARD_TRANSACTION.AUTHORIZED}, {@code .SETTLED}, {@code .REFUNDED}, ... */
    public static String cardTransaction(String what) {
        return CARD_TRANSACTION + "." + what;
    }

    public static String agentAction(String status) {
        return "AGENT_ACTION." + status;
    }

    /** {@code CUSTOMER.KYC_<status>} for individuals, {@code CUSTOMER.KYB_<status>} for businesses. */
    public static String customerVerification(CustomerType type, String status) {
        return "CUSTOMER." + (type == CustomerType.INDIVIDUAL ? "KYC_" : "KYB_") + status;
    }

    /**
     * {@code VERIFICATION.<status>}, or null for {@code READY_FOR_VERIFICATION}, which no webhook sends (the
     * reference's event schemas leave it out).
     */
    public static String verification(VerificationStatus status) {
        return status == VerificationStatus.READY_FOR_VERIFICATION ? null : "VERIFICATION." + status;
    }

    /**
     * The events a transaction's change sends ({@code before} is null for a new one): one for a new status, when the
     * type has an event for it, and one for a new refund status. A payment awaiting the platform's approval sends
     * nothing here: its {@code INCOMING_PAYMENT.PENDING} is the synchronous approval webhook.
     */
    public static List<String> forTransaction(Transaction before, Transaction after) {
        String prefix = after.type() == TransactionType.INCOMING ? INCOMING_PAYMENT : OUTGOING_PAYMENT;
        var types = new LinkedHashSet<String>();
        boolean awaitingApproval = after.awaitingPlatformApproval() && after.status() == TransactionStatus.PENDING;
        if (!awaitingApproval && (before == null || before.status() != after.status())) {
            String event = statusEvent(after.type(), after.status());
            if (event != null) {
                types.add(prefix + "." + event);
            }
        }
        String refund = refundStatus(after);
        if (refund != null && !Objects.equals(refund, before == null ? null : refundStatus(before))) {
            types.add(prefix + ".REFUND_" + refund);
        }
        return new ArrayList<>(types);
    }

    /**
     * The event name of a status. Statuses without an event of their own: a REJECTED or EXPIRED incoming payment
     * failed; an outgoing REJECTED one failed; REFUNDED is a completed refund; CREATED (a lookup) and an incoming
     * PROCESSING (money on its way in) send nothing.
     */
    private static String statusEvent(TransactionType type, TransactionStatus status) {
        return switch (status) {
            case CREATED -> null;
            case PROCESSING -> type == TransactionType.INCOMING ? null : "PROCESSING";
            case PENDING, COMPLETED, FAILED -> status.name();
            case REJECTED -> "FAILED";
            case EXPIRED -> type == TransactionType.INCOMING ? "FAILED" : "EXPIRED";
            case REFUNDED -> "REFUND_COMPLETED";
        };
    }

    private static String refundStatus(Transaction t) {
        return t.details().get("refund") instanceof Map<?, ?> refund && refund.get("status") instanceof String s
                ? s : null;
    }
}
