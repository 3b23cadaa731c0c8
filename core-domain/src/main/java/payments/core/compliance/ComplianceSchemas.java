package payments.core.compliance;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.country;
import static payments.core.validation.Types.date;
import static payments.core.validation.Types.email;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.phone;
import static payments.core.validation.Types.string;
import static payments.core.validation.Types.uri;

import payments.core.customer.CustomerSchemas;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of beneficial owners and verifications (reference/customers.md). */
public final class ComplianceSchemas {
    public static final JsonType ROLE = oneOf("UBO", "DIRECTOR", "COMPANY_OFFICER", "CONTROL_PERSON", "TRUSTEE",
            "GENERAL_PARTNER");

    /** A beneficial owner's personal information, its fields checked as a customer's are. */
    public static final ObjectSchema PERSONAL_INFO = ObjectSchema.of()
            .required("firstName", string(1, 255))
            .optional("middleName", string(1, 255))
            .required("lastName", string(1, 255))
            .required("birthDate", date())
            .required("nationality", country())
            .optional("email", email())
            .optional("phoneNumber", phone())
            .required("address", CustomerSchemas.ADDRESS)
            .required("idType", oneOf("SSN", "ITIN", "EIN", "NON_US_TAX_ID"))
            .required("identifier", string(1, 64))
            .optional("countryOfIssuance", country());

    public static final ObjectSchema BENEFICIAL_OWNER_CREATE = ObjectSchema.of()
            .required("customerId", string(1, 100))
            .required("roles", arrayOf(ROLE, 1, 6))
            .required("ownershipPercentage", integer(0, 100))
            .required("personalInfo", PERSONAL_INFO);

    /** A partial update: every field optional, {@code personalInfo} merged field by field. */
    public static final ObjectSchema BENEFICIAL_OWNER_UPDATE = ObjectSchema.of()
            .optional("roles", arrayOf(ROLE, 1, 6))
            .optional("ownershipPercentage", integer(0, 100))
            .optional("personalInfo", PERSONAL_INFO.allOptional());

    public static final JsonType DOCUMENT_TYPE = oneOf("PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID",
            "PROOF_OF_ADDRESS", "BANK_STATEMENT", "TAX_RETURN", "CERTIFICATE_OF_INCORPORATION",
            "ARTICLES_OF_INCORPORATION", "ARTICLES_OF_ASSOCIATION", "STATE_REGISTRY_EXCERPT",
            "GOOD_STANDING_CERTIFICATE", "INFORMATION_STATEMENT", "INCUMBENCY_CERTIFICATE", "BUSINESS_LICENSE",
            "SHAREHOLDER_REGISTER", "POWER_OF_ATTORNEY", "UTILITY_BILL", "ELECTRICITY_BILL", "RENT_OR_LEASE_AGREEMENT",
            "DIRECTOR_REGISTRY", "TRUST_AGREEMENT", "STATE_COMPANY_REGISTRY", "PARTNERSHIP_CONTROL_AGREEMENT",
            "PARTNERSHIP_AGREEMENT", "SELFIE", "OTHER");

    /** The text parts of {@code PUT /documents/{id}} (multipart/form-data, beside the {@code file} part). */
    public static final ObjectSchema DOCUMENT_REPLACE = ObjectSchema.of()
            .required("documentType", DOCUMENT_TYPE)
            .optional("side", oneOf("FRONT", "BACK"))
            .required("country", country())
            .optional("documentNumber", string(1, 100))
            .optional("issuingAuthority", string(1, 255));

    /** The text parts of {@code POST /documents}: those of a replacement and whose document it is. */
    public static final ObjectSchema DOCUMENT_UPLOAD = DOCUMENT_REPLACE.extend()
            .required("documentHolder", string(1, 100));

    /** {@code POST /customers/{id}/kyc-link}: where the end user goes once finished. */
    public static final ObjectSchema KYC_LINK_CREATE = ObjectSchema.of().optional("redirectUri", uri());

    public static final ObjectSchema VERIFICATION_CREATE = ObjectSchema.of()
            .required("customerId", string(1, 100));

    private ComplianceSchemas() {
    }
}
