package payments.ports.driven.compliance;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** Beneficial owner records, each of one business customer of one platform. */
public interface BeneficialOwners {
    void insert(BeneficialOwner owner);

    void update(BeneficialOwner owner);

    Optional<BeneficialOwner> find(PlatformId platform, UUID id);

    /** {@link #find}, locked until the transaction ends. */
    Optional<BeneficialOwner> findForUpdate(PlatformId platform, UUID id);

    /** Every owner of a business, oldest first. */
    List<BeneficialOwner> ownersOf(PlatformId platform, CustomerId customer);

    Page<BeneficialOwner> list(PlatformId platform, CustomerId customer, PageRequest page);
}
