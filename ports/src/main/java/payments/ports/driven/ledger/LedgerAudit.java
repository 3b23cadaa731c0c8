package payments.ports.driven.ledger;

import java.util.List;
import payments.core.id.PlatformId;

/** Checks the books against their invariants; each finding says in words what does not hold. */
public interface LedgerAudit {
    List<String> violations(PlatformId platform);

    /** Every platform that has books. */
    List<PlatformId> platforms();
}
