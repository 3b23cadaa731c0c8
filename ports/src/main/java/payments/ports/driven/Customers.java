package payments.ports.driven;

import java.util.Optional;
import payments.core.common.CustomerId;
import payments.core.common.PlatformId;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/**
 * Customer records. Inserts and updates raise {@link payments.core.common.Conflict} ({@code CONFLICT} or
 * {@code UMA_ADDRESS_EXISTS}) when an active customer already holds the platformCustomerId or UMA address.
 */
public interface Customers {
    void insert(Customer customer);

    void update(Customer customer);

    Optional<Customer> find(PlatformId platform, CustomerId id);

    Page<Customer> list(PlatformId platform, CustomerFilter filter, PageRequest page);
}
