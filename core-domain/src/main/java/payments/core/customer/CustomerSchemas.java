package payments.core.customer;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.country;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.date;
import static payments.core.validation.Types.dateTime;
import static payments.core.validation.Types.email;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.phone;
import static payments.core.validation.Types.string;
import static payments.core.validation.Types.variants;

import java.util.Map;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of customer create and update (reference/customers.md), one variant per customer type. */
public final class CustomerSchemas {
    public static final String UMA_ADDRESS_PATTERN = "^\\$[a-zA-Z0-9._~+-]{1,64}@[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$";

    public static final ObjectSchema ADDRESS = ObjectSchema.of()
            .required("line1", string(1, 255))
            .optional("line2", string(1, 255))
            .optional("city", string(1, 255))
            .optional("state", string(1, 255))
            .required("postalCode", string(1, 32))
            .required("country", country());

    static final JsonType VERIFICATION_STATUS = oneOf("PENDING", "APPROVED", "REJECTED");
    static final JsonType COUNTRIES = arrayOf(country(), 0, 250);

    static final ObjectSchema TERMS_CONSENT = ObjectSchema.of()
            .required("acceptedAt", dateTime())
            .required("ipAddress", string(1, 45))
            .required("termsVersion", string(1, 64))
            .required("acceptanceMethod", oneOf("CHECKBOX", "CLICK_TO_ACCEPT"));

    private static final ObjectSchema INDIVIDUAL_PROFILE = ObjectSchema.of()
            .optional("kycStatus", VERIFICATION_STATUS)
            .optional("fullName", string(1, 255))
            .optional("birthDate", date())
            .optional("nationality", country())
            .optional("address", ADDRESS)
            .optional("idType", oneOf("SSN", "ITIN", "EIN", "NON_US_TAX_ID"))
            .optional("identifier", pattern("^[0-9]{3}-[0-9]{2}-[0-9]{4}$", 11, 11))
            .optional("countryOfIssuance", oneOf("US"))
            .optional("sourceOfFundsCategories", arrayOf(oneOf("SALARY", "SELF_EMPLOYMENT_INCOME",
                    "INVESTMENT_INCOME", "PENSION", "RENTAL_INCOME", "GIFT", "INHERITANCE", "LOAN", "SAVINGS",
                    "SALE_OF_ASSETS", "OTHER"), 1, 11))
            .optional("sourceOfFundsOtherDescription", string(1, 500))
            .optional("sourceOfWealthCategories", arrayOf(oneOf("SALARY", "BUSINESS_INCOME", "INVESTMENTS",
                    "INHERITANCE", "PROPERTY_SALE", "GIFT", "RETIREMENT", "SAVINGS", "OTHER"), 1, 9))
            .optional("sourceOfWealthOtherDescription", string(1, 500))
            .optional("purposeOfAccount", purposeOfAccount())
            .optional("purposeOfAccountOtherDescription", string(1, 500))
            .optional("expectedMonthlyTransactionCount", transactionCount())
            .optional("expectedMonthlyTransactionVolume", transactionVolume())
            .optional("annualIncomeRange", oneOf("UNDER_50K", "RANGE_50K_100K", "RANGE_100K_250K",
                    "RANGE_250K_1M", "OVER_1M"))
            .optional("netWorthRange", oneOf("UNDER_100K", "RANGE_100K_500K", "RANGE_500K_1M", "RANGE_1M_5M",
                    "RANGE_5M_25M", "OVER_25M"))
            .optional("pepStatus", oneOf("NONE", "DOMESTIC", "FOREIGN", "HIO", "FAMILY_OR_ASSOCIATE"));

    private static final ObjectSchema BUSINESS_INFO = ObjectSchema.of()
            .required("legalName", string(1, 255))
            .optional("doingBusinessAs", string(1, 255))
            .required("country", country())
            .optional("registrationNumber", string(1, 64))
            .required("incorporatedOn", date())
            .optional("entityType", oneOf("SOLE_PROPRIETORSHIP", "PARTNERSHIP", "LLC", "CORPORATION",
                    "S_CORPORATION", "NON_PROFIT", "PUBLICLY_LISTED_COMPANY", "TRUST", "PRIVATE_FOUNDATION",
                    "CHARITY", "OTHER"))
            .required("taxId", string(1, 64))
            .optional("countriesOfOperation", COUNTRIES)
            .optional("businessType", oneOf("AGRICULTURE_FORESTRY_FISHING_AND_HUNTING",
                    "MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION", "UTILITIES", "CONSTRUCTION", "MANUFACTURING",
                    "WHOLESALE_TRADE", "RETAIL_TRADE", "TRANSPORTATION_AND_WAREHOUSING", "INFORMATION",
                    "FINANCE_AND_INSURANCE", "REAL_ESTATE_AND_RENTAL_AND_LEASING",
                    "PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES", "MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES",
                    "ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES",
                    "EDUCATIONAL_SERVICES", "HEALTH_CARE_AND_SOCIAL_ASSISTANCE", "ARTS_ENTERTAINMENT_AND_RECREATION",
                    "ACCOMMODATION_AND_FOOD_SERVICES", "OTHER_SERVICES", "PUBLIC_ADMINISTRATION"))
            .optional("purposeOfAccount", purposeOfAccount())
            .optional("sourceOfFunds", string(1, 500))
            .optional("expectedMonthlyTransactionCount", transactionCount())
            .optional("expectedMonthlyTransactionVolume", transactionVolume())
            .optional("expectedRecipientJurisdictions", COUNTRIES)
            .optional("naicsCode", pattern("^\\d{2,6}$", 2, 6))
            .optional("sourceOfFundsCategories", arrayOf(oneOf("OPERATING_REVENUE", "INVESTMENT_INCOME", "LOANS",
                    "VENTURE_CAPITAL", "PERSONAL_SAVINGS", "DONATIONS", "OTHER"), 1, 7))
            .optional("sourceOfFundsOtherDescription", string(1, 500))
            .optional("purposeOfAccountOtherDescription", string(1, 500))
            .optional("expectedCounterpartyCountries", COUNTRIES)
            .optional("primaryContactFirstName", string(1, 250))
            .optional("primaryContactLastName", string(1, 250));

    private static final ObjectSchema BUSINESS_PROFILE = ObjectSchema.of()
            .optional("kybStatus", VERIFICATION_STATUS)
            .optional("address", ADDRESS)
            .required("businessInfo", BUSINESS_INFO);

    private static ObjectSchema common(String type) {
        return ObjectSchema.of()
                .required("customerType", oneOf(type))
                .optional("currencies", arrayOf(currency(), 0, 50))
                .optional("email", email())
                .optional("phoneNumber", phone())
                .optional("umaAddress", pattern(UMA_ADDRESS_PATTERN, 4, 255))
                .optional("endUserTermsConsent", TERMS_CONSENT);
    }

    private static ObjectSchema create(String type, ObjectSchema profile) {
        ObjectSchema s = common(type)
                .optional("platformCustomerId", string(1, 255))
                .optional("region", country());
        return merge(s, profile, false);
    }

    private static ObjectSchema update(String type, ObjectSchema profile) {
        return merge(common(type), profile, true);
    }

    /** Adds the profile's fields to a base schema; an update takes them all as optional. */
    private static ObjectSchema merge(ObjectSchema base, ObjectSchema profile, boolean partial) {
        ObjectSchema merged = base.extend();
        ObjectSchema source = partial ? profile.allOptional() : profile;
        for (String name : source.fieldNames()) {
            JsonType type = source.type(name);
            if (partial && type instanceof ObjectSchema nested) {
                type = nested == ADDRESS ? ADDRESS : nested.allOptional();
            }
            if (source.isRequired(name)) {
                merged.required(name, type);
            } else {
                merged.optional(name, type);
            }
        }
        return merged;
    }

    public static final JsonType CREATE = variants("customerType", Map.of(
            "INDIVIDUAL", create("INDIVIDUAL", INDIVIDUAL_PROFILE),
            "BUSINESS", create("BUSINESS", BUSINESS_PROFILE)));

    public static final JsonType UPDATE = variants("customerType", Map.of(
            "INDIVIDUAL", update("INDIVIDUAL", INDIVIDUAL_PROFILE),
            "BUSINESS", update("BUSINESS", BUSINESS_PROFILE)));

    /** {@code POST /customers/{id}/verify-email/confirm} and {@code .../verify-phone/confirm}. */
    public static final ObjectSchema CONTACT_CONFIRM = ObjectSchema.of().required("code", string(1, 16));

    /** Fields of the body that are typed columns of {@link Customer}; the rest is the type's profile. */
    public static final java.util.Set<String> TYPED_FIELDS = java.util.Set.of("customerType", "platformCustomerId",
            "region", "currencies", "email", "phoneNumber", "umaAddress", "kycStatus", "kybStatus");

    private static JsonType purposeOfAccount() {
        return oneOf("CONTRACTOR_PAYOUTS", "CREATOR_PAYOUTS", "EMPLOYEE_PAYOUTS", "MARKETPLACE_SELLER_PAYOUTS",
                "SUPPLIER_PAYMENTS", "CROSS_BORDER_B2B", "AR_AUTOMATION", "AP_AUTOMATION", "EMBEDDED_PAYMENTS",
                "PLATFORM_FEE_COLLECTION", "P2P_TRANSFERS", "CHARITABLE_DONATIONS", "OTHER");
    }

    private static JsonType transactionCount() {
        return oneOf("COUNT_UNDER_10", "COUNT_10_TO_100", "COUNT_100_TO_500", "COUNT_500_TO_1000", "COUNT_OVER_1000");
    }

    private static JsonType transactionVolume() {
        return oneOf("VOLUME_UNDER_10K", "VOLUME_10K_TO_100K", "VOLUME_100K_TO_1M", "VOLUME_1M_TO_10M",
                "VOLUME_OVER_10M");
    }

    private CustomerSchemas() {
    }
}
