package payments.ports.compliance;

import java.util.List;
import java.util.Map;
import payments.core.compliance.ComplianceSchemas;
import payments.core.id.CustomerId;
import payments.core.validation.Fields;

/** {@code POST /beneficial-owners}. */
public record NewBeneficialOwner(CustomerId customerId, List<String> roles, int ownershipPercentage,
                                 Map<String, Object> personalInfo) {
    /** From the JSON body; 400 naming every invalid field. */
    @SuppressWarnings("unchecked")
    public static NewBeneficialOwner fromJson(Object body) {
        Fields f = ComplianceSchemas.BENEFICIAL_OWNER_CREATE.validate(body);
        Map<String, Object> plain = f.toPlain();
        return new NewBeneficialOwner(CustomerId.parse("customerId", f.string("customerId").orElseThrow()),
                (List<String>) plain.get("roles"), f.number("ownershipPercentage").orElseThrow().intValue(),
                (Map<String, Object>) plain.get("personalInfo"));
    }
}
