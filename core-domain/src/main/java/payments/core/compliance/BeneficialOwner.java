package payments.core.compliance;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;

/**
 * A person who owns or controls a business customer: their roles, share, personal information (the write-only
 * {@code identifier} among it) and their own KYC status, which the business's verification sets.
 */
public record BeneficialOwner(UUID id, PlatformId platformId, CustomerId customerId, List<String> roles,
                              int ownershipPercentage, Map<String, Object> personalInfo, String kycStatus,
                              Instant createdAt, Instant updatedAt) {
    public static final String KIND = "BeneficialOwner";
    public static final String ULTIMATE_OWNER = "UBO";
    public static final String CONTROL_PERSON = "CONTROL_PERSON";

    public BeneficialOwner {
        roles = List.copyOf(roles);
        personalInfo = Map.copyOf(personalInfo);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(String id) {
        return new NotFound("NOT_FOUND", "Beneficial owner " + id + " not found");
    }

    public BeneficialOwner changed(List<String> newRoles, int newPercentage, Map<String, Object> newInfo,
                                   Instant now) {
        return new BeneficialOwner(id, platformId, customerId, newRoles, newPercentage, newInfo, kycStatus,
                createdAt, now);
    }

    public BeneficialOwner withKycStatus(String status, Instant now) {
        return new BeneficialOwner(id, platformId, customerId, roles, ownershipPercentage, personalInfo, status,
                createdAt, now);
    }
}
