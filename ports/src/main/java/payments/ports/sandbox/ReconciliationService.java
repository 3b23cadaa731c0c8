package payments.ports.sandbox;

import java.util.List;
import java.util.function.IntConsumer;
import payments.core.id.InternalAccountId;
import payments.core.ledger.LedgerEntry;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.ledger.LedgerAudit;

/**
 * {@link ReconciliationUseCases}, and the operator's check of every platform. Each check's number of violations is
 * told to {@code checked} (monitoring counts the checks that failed).
 */
public final class ReconciliationService implements ReconciliationUseCases {
    private final LedgerAudit audit;
    private final IntConsumer checked;

    public ReconciliationService(LedgerAudit audit, IntConsumer checked) {
        this.audit = audit;
        this.checked = checked;
    }

    @Override
    public List<String> check(Caller caller) {
        caller.require(Permission.VIEW);
        return told(audit.violations(caller.platformId()));
    }

    @Override
    public List<LedgerEntry> entries(Caller caller, InternalAccountId account, int limit) {
        caller.require(Permission.VIEW);
        return audit.entries(caller.platformId(), account.value(), limit);
    }

    /** Checks every platform (the operator command); returns the findings, each prefixed by its platform. */
    public List<String> checkAll() {
        return told(audit.platforms().stream()
                .flatMap(p -> audit.violations(p).stream().map(v -> p + ": " + v)).toList());
    }

    private List<String> told(List<String> violations) {
        checked.accept(violations.size());
        return violations;
    }
}
