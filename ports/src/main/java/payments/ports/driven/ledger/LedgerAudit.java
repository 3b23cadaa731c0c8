package payments.ports.driven.ledger;

import java.util.List;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.ledger.LedgerEntry;

/** Checks the books against their invariants; each finding says in words what does not hold. */
public interface LedgerAudit {
    List<String> violations(PlatformId platform);

    /** An owned account's latest {@code limit} entries, newest first (none for an account not the platform's). */
    List<LedgerEntry> entries(PlatformId platform, UUID account, int limit);

    /** Every platform that has books. */
    List<PlatformId> platforms();
}
