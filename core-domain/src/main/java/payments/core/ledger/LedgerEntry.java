package payments.core.ledger;

import java.time.Instant;
import java.util.UUID;

/**
 * One posting to an owned account as the books recorded it: its journal (kind and reference: the payment it is part
 * of), the amount (negative: out of the account) and the account's balance right after it.
 */
public record LedgerEntry(UUID journalId, String kind, String reference, String currency, long amountMinor,
                          long balanceAfterMinor, Instant at) {
}
