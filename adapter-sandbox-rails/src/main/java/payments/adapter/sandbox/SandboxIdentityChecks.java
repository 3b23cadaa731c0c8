package payments.adapter.sandbox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.compliance.BeneficialOwner;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.platform.Environment;
import payments.ports.driven.compliance.IdentityChecks;

/**
 * KYC and KYB as the sandbox rules them (reference/sandbox.md): a business's {@code businessInfo.registrationNumber}
 * and a beneficial owner's {@code personalInfo.lastName} ending in 001 are PENDING, in 002 REJECTED, otherwise
 * APPROVED; a person's {@code fullName} follows the same suffixes. Production platforms have no identity provider
 * yet: every check waits for a person (PENDING).
 */
public final class SandboxIdentityChecks implements IdentityChecks {
    @Override
    public Result check(Environment environment, Customer customer, List<BeneficialOwner> owners) {
        Map<UUID, String> ownerStatuses = new LinkedHashMap<>();
        for (BeneficialOwner owner : owners) {
            ownerStatuses.put(owner.id(), environment == Environment.SANDBOX
                    ? outcome((String) owner.personalInfo().get("lastName")) : "PENDING");
        }
        if (environment != Environment.SANDBOX) {
            return new Result("PENDING", ownerStatuses);
        }
        String magic = customer.type() == CustomerType.BUSINESS
                ? (String) ((Map<?, ?>) customer.details().getOrDefault("businessInfo", Map.of()))
                        .get("registrationNumber")
                : (String) customer.details().get("fullName");
        return new Result(outcome(magic), ownerStatuses);
    }

    private static String outcome(String value) {
        return switch (MagicSuffix.of(value)) {
            case "001" -> "PENDING";
            case "002" -> "REJECTED";
            default -> "APPROVED";
        };
    }
}
