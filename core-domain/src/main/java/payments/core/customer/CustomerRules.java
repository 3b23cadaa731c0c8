package payments.core.customer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.validation.Fields;

/** Rules of a customer's profile that span fields, and how the profile is split from the typed fields. */
public final class CustomerRules {
    private CustomerRules() {
    }

    /** The KYC/KYB profile: every field of the body that is not a typed customer field. */
    public static Map<String, Object> profileOf(Fields body) {
        Map<String, Object> profile = new LinkedHashMap<>(body.toPlain());
        profile.keySet().removeAll(CustomerSchemas.TYPED_FIELDS);
        return profile;
    }

    /** An update replaces top-level fields; {@code businessInfo} is merged field by field (its update is partial). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> mergeProfile(Map<String, Object> current, Map<String, Object> update) {
        Map<String, Object> merged = new LinkedHashMap<>(current);
        update.forEach((k, v) -> {
            if ("businessInfo".equals(k) && merged.get(k) instanceof Map<?, ?> old) {
                Map<String, Object> info = new LinkedHashMap<>((Map<String, Object>) old);
                info.putAll((Map<String, Object>) v);
                merged.put(k, info);
            } else {
                merged.put(k, v);
            }
        });
        return merged;
    }

    /** kycStatus of an individual or kybStatus of a business, when the body sets it; else null. */
    public static String statusOf(CustomerType type, Fields body) {
        return body.string(type == CustomerType.INDIVIDUAL ? "kycStatus" : "kybStatus").orElse(null);
    }

    /**
     * The kycStatus or kybStatus a create or update leaves when it asks for {@code asked} (null: none): the asked
     * one, in the sandbox (a stand-in for the verification flow, which is not offered yet); elsewhere only
     * {@code current} may be sent back, since the reference says the status "is set by verification".
     */
    public static String verificationStatus(CustomerType type, String asked, String current, boolean sandbox) {
        if (asked == null || asked.equals(current)) {
            return current;
        }
        if (!sandbox) {
            throw InvalidFields.of(type == CustomerType.INDIVIDUAL ? "kycStatus" : "kybStatus",
                    "is set by verification, not by the platform (the sandbox accepts it as a stand-in)");
        }
        return asked;
    }

    /** Whether a UMA address is on {@code umaDomain} (none, when it is null). */
    public static boolean isOnDomain(String address, String umaDomain) {
        return address.substring(address.lastIndexOf('@') + 1).equalsIgnoreCase(umaDomain);
    }

    /** A customer's UMA address, which must be on its platform's UMA domain (reference: "domain of customers'"). */
    public static String umaAddressOn(String address, String umaDomain) {
        if (!isOnDomain(address, umaDomain)) {
            throw InvalidFields.of("umaAddress", umaDomain == null ? "needs a umaDomain in the platform's config"
                    : "must be on this platform's UMA domain, " + umaDomain);
        }
        return address;
    }

    public static String generatedUmaAddress(CustomerId id, String umaDomain) {
        return "$" + EntityId.randomPart(id.value()) + "@" + umaDomain;
    }

    /** "Other" choices need their description, as the reference requires. */
    @SuppressWarnings("unchecked")
    public static void check(CustomerType type, Map<String, Object> profile) {
        EndUserTerms.checkConsent(profile);
        Map<String, Object> scope = type == CustomerType.BUSINESS
                ? (Map<String, Object>) profile.getOrDefault("businessInfo", Map.of()) : profile;
        String prefix = type == CustomerType.BUSINESS ? "businessInfo." : "";
        requireDescription(scope, prefix, "sourceOfFundsCategories", "sourceOfFundsOtherDescription");
        requireDescription(scope, prefix, "sourceOfWealthCategories", "sourceOfWealthOtherDescription");
        requireDescription(scope, prefix, "purposeOfAccount", "purposeOfAccountOtherDescription");
    }

    private static void requireDescription(Map<String, Object> scope, String prefix, String choice,
                                           String description) {
        Object value = scope.get(choice);
        boolean other = "OTHER".equals(value) || (value instanceof List<?> l && l.contains("OTHER"));
        if (other && scope.get(description) == null) {
            throw InvalidFields.of(prefix + description, "is required when " + prefix + choice + " includes OTHER");
        }
    }
}
