package payments.ports.compliance;

import java.util.List;
import java.util.Map;
import payments.core.compliance.ComplianceSchemas;
import payments.core.validation.Fields;

/** {@code PATCH /beneficial-owners/{id}}: each field null when not changed; personalInfo's given fields merge. */
public record BeneficialOwnerUpdate(List<String> roles, Integer ownershipPercentage,
                                    Map<String, Object> personalInfo) {
    @SuppressWarnings("unchecked")
    public static BeneficialOwnerUpdate fromJson(Object body) {
        Fields f = ComplianceSchemas.BENEFICIAL_OWNER_UPDATE.validate(body);
        Map<String, Object> plain = f.toPlain();
        return new BeneficialOwnerUpdate((List<String>) plain.get("roles"),
                f.number("ownershipPercentage").map(Long::intValue).orElse(null),
                (Map<String, Object>) plain.get("personalInfo"));
    }
}
