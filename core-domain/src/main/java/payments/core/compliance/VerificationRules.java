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
    /** Documents that prove who a person is. */
    public static final List<String> IDENTITY_DOCUMENTS = List.of("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID");
    /** Documents that prove a business exists. */
    public static final List<String> LEGAL_PRESENCE_DOCUMENTS = List.of("CERTIFICATE_OF_INCORPORATION",
            "ARTICLES_OF_INCORPORATION", "STATE_REGISTRY_EXCERPT", "STATE_COMPANY_REGISTRY",
            "GOOD_STANDING_CERTIFICATE");

    private VerificationRules() {
    }

    /**
     * What stands in the way of verifying {@code customer}: for a person, the identity fields KYC needs and an
     * identity document; for a business, its address, a document of its legal existence, at least one beneficial
     * owner and a control person among them (the one person who manages the business, as customer due diligence rules
     * ask), and an identity document of each owner who owns or controls it ({@code UBO}, {@code CONTROL_PERSON}).
     */
    public static List<VerificationError> errorsOf(Customer customer, List<BeneficialOwner> owners,
                                                   List<Document> documents) {
        String id = customer.id().toString();
        Map<String, Object> profile = customer.details();
        List<VerificationError> errors = new ArrayList<>();
        if (customer.type() == CustomerType.INDIVIDUAL) {
            for (String field : KYC_FIELDS) {
                if (profile.get(field) == null) {
                    errors.add(VerificationError.missingField(id, field, field + " is needed to verify a person"));
                }
            }
            requireDocument(id, documents, IDENTITY_DOCUMENTS, "MISSING_IDENTITY_DOCUMENT",
                    "Upload an identity document of the person (POST /documents)", errors);
            return errors;
        }
        if (profile.get("address") == null) {
            errors.add(VerificationError.missingField(id, "address", "address is needed to verify a business"));
        }
        if (owners.isEmpty()) {
            errors.add(new VerificationError(id, "MISSING_BENEFICIAL_OWNER", null, null,
                    "Add the business's beneficial owners (POST /beneficial-owners)"));
        }
        requireDocument(id, documents, LEGAL_PRESENCE_DOCUMENTS, "MISSING_LEGAL_PRESENCE_DOCUMENT",
                "Upload a document that shows the business exists (POST /documents)", errors);
        if (owners.stream().noneMatch(o -> o.roles().contains(BeneficialOwner.CONTROL_PERSON))) {
            errors.add(new VerificationError(id, "MISSING_CONTROL_PERSON", null, null,
                    "Add the person who controls the business as a beneficial owner with the role CONTROL_PERSON"));
        }
        for (BeneficialOwner owner : owners) {
            if (owner.roles().contains(BeneficialOwner.ULTIMATE_OWNER)
                    || owner.roles().contains(BeneficialOwner.CONTROL_PERSON)) {
                requireDocument(owner.wireId(), documents, IDENTITY_DOCUMENTS, "MISSING_IDENTITY_DOCUMENT",
                        "Upload an identity document of this beneficial owner (POST /documents)", errors);
            }
        }
        return errors;
    }

    private static void requireDocument(String holder, List<Document> documents, List<String> accepted, String type,
                                        String reason, List<VerificationError> errors) {
        if (documents.stream().noneMatch(d -> d.holder().equals(holder) && accepted.contains(d.documentType()))) {
            errors.add(new VerificationError(holder, type, null, accepted, reason));
        }
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
