package payments.ports.driven.customer;

import java.util.Optional;
import payments.core.customer.ContactChannel;
import payments.core.customer.ContactCode;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;

/** The code last sent for each of a customer's channels (one per channel: a new one replaces it). */
public interface ContactCodes {
    Optional<ContactCode> find(PlatformId platform, CustomerId customer, ContactChannel channel);

    void save(ContactCode code);

    void delete(PlatformId platform, CustomerId customer, ContactChannel channel);
}
