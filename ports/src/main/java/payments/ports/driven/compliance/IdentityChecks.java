package payments.ports.driven.compliance;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.customer.Customer;
import payments.core.platform.Environment;

/**
 * The identity-verification provider: checks a customer (and a business's beneficial owners) and answers the
 * customer's kycStatus / kybStatus and each owner's kycStatus ({@code PENDING} when a person must look).
 */
public interface IdentityChecks {
    Result check(Environment environment, Customer customer, List<BeneficialOwner> owners);

    /** @param owners the kycStatus of each owner, by id */
    record Result(String customerStatus, Map<UUID, String> owners) {
        public Result {
            owners = Map.copyOf(owners);
        }
    }
}
