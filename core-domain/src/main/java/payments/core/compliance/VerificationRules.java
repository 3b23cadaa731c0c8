package payments.core.compliance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.error.InvalidFields;

/** What a customer must have before it can be verified, and the owners of a business: pure rules. */
public final class VerificationRules {
    /** The profile fields a KYC check of a person needs. */
    static final List<String> KYC_FIELDS = List.of("fullName", "birthDate", "nationality", "address");

    private VerificationRules() {
    }

    /**
     * What stands in the way of verifying {@code customer}: for a person, the identity fields KYC needs; for a
     * business, its address, at least one beneficial owner and a control person among them (the one person who
     * manages the business, as customer due diligence rules ask).
     */
    public static List<VerificationError> errorsOf(Customer customer, List<BeneficialOwner> owners) {
        String id = customer.id().toString();
        Map<String, Object> profile = customer.details();
        List<VerificationError> errors = new ArrayList<>();
        if (customer.type() == CustomerType.INDIVIDUAL) {
            for (String field : KYC_FIELDS) {
                if (profile.get(field) == null) {
                    errors.add(VerificationError.missingField(id, field, field + " is needed to verify a person"));
                }
            }
            return errors;
        }
        if (profile.get("address") == null) {
            errors.add(VerificationError.missingField(id, "address", "address is needed to verify a business"));
        }
        if (owners.isEmpty()) {
            errors.add(new VerificationError(id, "MISSING_BENEFICIAL_OWNER", null, null,
                    "Add the business's beneficial owners (POST /beneficial-owners)"));
        }
        if (owners.stream().noneMatch(o -> o.roles().contains(BeneficialOwner.CONTROL_PERSON))) {
            errors.add(new VerificationError(id, "MISSING_CONTROL_PERSON", null, null,
                    "Add the person who controls the business as a beneficial owner with the role CONTROL_PERSON"));
        }
        return errors;
    }

    /** The owners of one business hold at most 100 % between them; {@code others} excludes the one changing. */
    public static void checkOwnership(int percentage, List<BeneficialOwner> others) {
        int held = others.stream().mapToInt(BeneficialOwner::ownershipPercentage).sum();
        if (held + percentage > 100) {
            throw InvalidFields.of("ownershipPercentage", "would bring the business's owners to " + (held
                    + percentage) + " %; its other owners hold " + held + " %");
        }
    }
}
