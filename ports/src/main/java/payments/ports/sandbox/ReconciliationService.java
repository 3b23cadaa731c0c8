package payments.ports.sandbox;

import java.util.List;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.ledger.LedgerAudit;

/** {@link ReconciliationUseCases}, and the operator's check of every platform. */
public final class ReconciliationService implements ReconciliationUseCases {
    private final LedgerAudit audit;

    public ReconciliationService(LedgerAudit audit) {
        this.audit = audit;
    }

    @Override
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
