package payments.core.customer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which customers must prove their email and phone before KYC, and where they stand. The identity provider asks it
 * of customers in the European Economic Area, the United Kingdom and Switzerland, where a verified contact is part of
 * onboarding; elsewhere contact verification does not apply (409 on its routes, no {@code contactVerification}).
 */
public final class ContactRules {
    static final Set<String> REQUIRED_IN = Set.of("AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE",
            "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI",
            "NO", "GB", "CH");
    public static final String VERIFIED = "VERIFIED";
    public static final String PENDING = "PENDING";

    private ContactRules() {
    }

    /** The customer's jurisdiction: its region, else its address's country. */
    @SuppressWarnings("unchecked")
    static String jurisdiction(Customer c) {
        if (c.region() != null) {
            return c.region();
        }
        return c.details().get("address") instanceof Map<?, ?> address ? (String) address.get("country") : null;
    }

    public static boolean required(Customer c) {
        String jurisdiction = jurisdiction(c);
        return jurisdiction != null && REQUIRED_IN.contains(jurisdiction);
    }

    public static boolean isVerified(Customer c, ContactChannel channel) {
        String current = c.contact(channel);
        return current != null && current.equals(c.verifiedContacts().of(channel));
    }

    /**
     * {@code contactVerification} as the API shows it: each channel the customer has, {@code VERIFIED} or
     * {@code PENDING}; null where it does not apply.
     */
    public static Map<String, Object> contactVerification(Customer c) {
        if (!required(c)) {
            return null;
        }
        Map<String, Object> status = new LinkedHashMap<>();
        for (ContactChannel channel : ContactChannel.values()) {
            if (c.contact(channel) != null) {
                status.put(channel.key(), isVerified(c, channel) ? VERIFIED : PENDING);
            }
        }
        return status;
    }
}
