package payments.ports.sandbox;

import java.util.List;
import payments.core.id.InternalAccountId;
import payments.core.ledger.LedgerEntry;
import payments.core.platform.Caller;

/**
 * Proves a platform's books (VIEW): every journal balances, each currency sums to zero, every balance equals the sum
 * of its entries and its last running balance, held funds equal pending holds, no owned account is negative, holds
 * resolve once, and every completed transaction has its journal.
 */
public interface ReconciliationUseCases {
    /** The violations found; none when the books hold. */
    List<String> check(Caller caller);

    /** An internal account's latest entries, newest first: its balance over time and what moved it (VIEW). */
    List<LedgerEntry> entries(Caller caller, InternalAccountId account, int limit);
}
