package payments.core.customer;

/**
 * The email address and phone number a customer proved they receive (null: none yet). A channel is verified while
 * the customer's current value is the one proved, so changing it makes it unverified again.
 */
public record VerifiedContacts(String email, String phoneNumber) {
    public static final VerifiedContacts NONE = new VerifiedContacts(null, null);

    public VerifiedContacts with(ContactChannel channel, String value) {
        return channel == ContactChannel.EMAIL ? new VerifiedContacts(value, phoneNumber)
                : new VerifiedContacts(email, value);
    }

    public String of(ContactChannel channel) {
        return channel == ContactChannel.EMAIL ? email : phoneNumber;
    }
}
