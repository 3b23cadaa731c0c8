package payments.core.bankrail;

import java.util.Locale;
import java.util.UUID;

/**
 * The ids ISO 20022 files carry (Max35Text): a batch's message id and a payment's end-to-end id, each its UUID's
 * 32 hex digits, so a report's ids lead back to the rows that sent them.
 */
public final class BankIds {
    private BankIds() {
    }

    public static String messageId(UUID batch) {
        return "MSG" + hex(batch);
    }

    public static String endToEndId(UUID transaction) {
        return hex(transaction);
    }

    private static String hex(UUID id) {
        return id.toString().replace("-", "").toUpperCase(Locale.ROOT);
    }
}
