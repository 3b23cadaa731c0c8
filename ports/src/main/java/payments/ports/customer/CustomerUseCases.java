package payments.ports.customer;

import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.id.CustomerId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

/**
 * A platform's customers: created with their internal accounts (and an embedded wallet where the platform gives
 * them one), read, listed, updated and soft deleted. Creation and a changed KYC/KYB status send a
 * {@code CUSTOMER.*} webhook. MANAGE to change, VIEW to read.
 */
public interface CustomerUseCases {
    Customer create(Caller caller, NewCustomer command);

    Customer get(Caller caller, CustomerId id);

    Page<Customer> list(Caller caller, CustomerFilter filter, PageRequest page);

    /** An email or phone change tied to wallet credentials needs a signed retry (202 first). */
    SignedOutcome<Customer> update(Caller caller, CustomerId id, CustomerUpdate command, SignedCall call);

    Customer delete(Caller caller, CustomerId id);
}
