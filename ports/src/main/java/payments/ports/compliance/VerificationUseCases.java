package payments.ports.compliance;

import java.util.UUID;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationFilter;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/** KYC and KYB verifications of customers (MANAGE to request, VIEW to read). */
public interface VerificationUseCases {
    /**
     * Verifies a customer: a verification listing what is missing ({@code RESOLVE_ERRORS}; asking again after fixing
     * it re-evaluates the same one), or one submitted ({@code READY_FOR_VERIFICATION}) whose outcome comes later and
     * sets the customer's status. While one is under way, that one is answered.
     */
    Verification create(Caller caller, NewVerification command);

    Page<Verification> list(Caller caller, VerificationFilter filter, PageRequest page);

    Verification get(Caller caller, UUID id);
}
