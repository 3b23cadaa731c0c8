package payments.core.customer;

import java.util.Map;
import payments.core.error.InvalidInput;

/**
 * The end-user terms a customer accepts ({@code endUserTermsConsent}): the version in force and where they are
 * published (set by the operator).
 */
public record EndUserTerms(String version, String url) {
    /** The version in force; a consent naming another is refused. */
    public static final String VERSION = "2025-10-13";

    /** 400 {@code END_USER_TERMS_VERSION_NOT_FOUND} for a consent to terms that do not exist. */
    public static void checkConsent(Map<String, Object> profile) {
        if (profile.get("endUserTermsConsent") instanceof Map<?, ?> consent
                && !VERSION.equals(consent.get("termsVersion"))) {
            throw new InvalidInput("END_USER_TERMS_VERSION_NOT_FOUND", "endUserTermsConsent.termsVersion "
                    + consent.get("termsVersion") + " is not a version of the end-user terms; the version in force is "
                    + VERSION + " (GET /customers/end-user-terms)");
        }
    }
}
