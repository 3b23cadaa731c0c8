package payments.ports.driven.compliance;

import java.util.Optional;
import java.util.UUID;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationFilter;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** Verification records. */
public interface Verifications {
    void insert(Verification verification);

    void update(Verification verification);

    Optional<Verification> find(PlatformId platform, UUID id);

    Optional<Verification> findForUpdate(PlatformId platform, UUID id);

    /** The customer's newest verification. */
    Optional<Verification> latestOf(PlatformId platform, CustomerId customer);

    Page<Verification> list(PlatformId platform, VerificationFilter filter, PageRequest page);
}
