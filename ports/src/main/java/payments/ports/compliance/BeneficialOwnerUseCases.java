package payments.ports.compliance;

import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.id.CustomerId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/** The people who own or control a business customer (MANAGE to change, VIEW to read). */
public interface BeneficialOwnerUseCases {
    /** 404 for an unknown customer, 400 for an individual or owners above 100 %. */
    BeneficialOwner create(Caller caller, NewBeneficialOwner command);

    Page<BeneficialOwner> list(Caller caller, CustomerId customer, PageRequest page);

    BeneficialOwner get(Caller caller, UUID id);

    BeneficialOwner update(Caller caller, UUID id, BeneficialOwnerUpdate command);
}
