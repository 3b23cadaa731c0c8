package payments.ports.customer;

import payments.core.customer.ContactChannel;
import payments.core.customer.Customer;
import payments.core.id.CustomerId;
import payments.core.platform.Caller;

/**
 * A customer proving its email or phone with a code (MANAGE). 409 where contact verification does not apply, for a
 * channel the customer lacks or has verified; 429 past the limits of codes sent and wrong codes tried.
 */
public interface ContactVerificationUseCases {
    void send(Caller caller, CustomerId customer, ContactChannel channel);

    /** The customer, the channel verified; 400 naming {@code code} for a wrong or expired one. */
    Customer confirm(Caller caller, CustomerId customer, ContactChannel channel, ContactConfirmation command);
}
