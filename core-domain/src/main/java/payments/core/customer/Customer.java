package payments.core.customer;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;

/**
 * A platform's customer. The fields the service acts on are typed; the KYC/KYB profile of the customer's type
 * ({@code details}: fullName, address, businessInfo, ...) is validated by {@link CustomerSchemas} and kept as JSON.
 * {@code verificationStatus} is the kycStatus of individuals and the kybStatus of businesses.
 */
public record Customer(CustomerId id, PlatformId platformId, String platformCustomerId, CustomerType type,
                       String umaAddress, String region, List<String> currencies, String email, String phoneNumber,
                       String verificationStatus, Map<String, Object> details, Instant createdAt, Instant updatedAt,
                       Instant deletedAt, VerifiedContacts verifiedContacts) {
    public Customer {
        currencies = List.copyOf(currencies);
        details = Map.copyOf(details);
        verifiedContacts = verifiedContacts == null ? VerifiedContacts.NONE : verifiedContacts;
    }

    /** A customer none of whose contacts is verified yet. */
    public Customer(CustomerId id, PlatformId platformId, String platformCustomerId, CustomerType type,
                    String umaAddress, String region, List<String> currencies, String email, String phoneNumber,
                    String verificationStatus, Map<String, Object> details, Instant createdAt, Instant updatedAt,
                    Instant deletedAt) {
        this(id, platformId, platformCustomerId, type, umaAddress, region, currencies, email, phoneNumber,
                verificationStatus, details, createdAt, updatedAt, deletedAt, VerifiedContacts.NONE);
    }

    public boolean isDeleted() {
        return deletedAt != null;
    }

    public Customer deleted(Instant now) {
        return new Customer(id, platformId, platformCustomerId, type, umaAddress, region, currencies, email,
                phoneNumber, verificationStatus, details, createdAt, now, now, verifiedContacts);
    }

    /** The customer with the kycStatus / kybStatus a verification reached. */
    public Customer verified(String status, Instant now) {
        return new Customer(id, platformId, platformCustomerId, type, umaAddress, region, currencies, email,
                phoneNumber, status, details, createdAt, now, deletedAt, verifiedContacts);
    }

    /** The customer's current address on {@code channel}, or null. */
    public String contact(ContactChannel channel) {
        return channel == ContactChannel.EMAIL ? email : phoneNumber;
    }

    /** The customer having proved it receives what {@code channel} holds now. */
    public Customer contactVerified(ContactChannel channel, Instant now) {
        return new Customer(id, platformId, platformCustomerId, type, umaAddress, region, currencies, email,
                phoneNumber, verificationStatus, details, createdAt, now, deletedAt,
                verifiedContacts.with(channel, contact(channel)));
    }

    public static NotFound notFound(CustomerId id) {
        return new NotFound("USER_NOT_FOUND", "No customer " + id);
    }
}
