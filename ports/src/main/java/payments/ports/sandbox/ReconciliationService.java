package payments.ports.sandbox;

import java.util.List;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.ledger.LedgerAudit;

/**
 * Proves the books: every journal balances, each currency sums to zero, every balance equals the sum of its entries
 * and its last running balance, held funds equal pending holds, no owned account is negative, holds resolve once,
 * and every completed transaction has its journal.
 */
public final class ReconciliationService {
    private final LedgerAudit audit;

    public ReconciliationService(LedgerAudit audit) {
        this.audit = audit;
    }

    public List<String> check(Caller caller) {
        caller.require(Permission.VIEW);
        return audit.violations(caller.platformId());
    }

    /** Checks every platform (the operator command); returns the findings, each prefixed by its platform. */
    public List<String> checkAll() {
        return audit.platforms().stream()
                .flatMap(p -> audit.violations(p).stream().map(v -> p + ": " + v)).toList();
    }
}
