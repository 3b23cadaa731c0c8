package payments.ports.driven.customer;

import payments.core.customer.ContactChannel;
import payments.core.platform.Environment;

/** Sends a verification code by email or SMS and says which code it sent. */
public interface ContactCodeSender {
    String send(Environment environment, ContactChannel channel, String address);
}
