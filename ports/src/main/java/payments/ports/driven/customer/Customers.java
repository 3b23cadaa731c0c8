package payments.ports.driven.customer;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/**
 * Customer records. Inserts and updates raise {@link payments.core.error.Conflict} ({@code CONFLICT} or
 * {@code UMA_ADDRESS_EXISTS}) when an active customer already holds the platformCustomerId or UMA address.
 */
public interface Customers {
    void insert(Customer customer);

    void update(Customer customer);

    Optional<Customer> find(PlatformId platform, CustomerId id);

    /**
     * {@link #find}, the row locked until the transaction ends: changes of a customer, and what is derived from its
     * contacts (an OTP credential's address), apply one after the other.
     */
    Optional<Customer> findForUpdate(PlatformId platform, CustomerId id);

    /** Those of these customers that exist, by id. */
    default Map<CustomerId, Customer> findAll(PlatformId platform, Collection<CustomerId> ids) {
        Map<CustomerId, Customer> found = new LinkedHashMap<>();
        for (CustomerId id : ids) {
            find(platform, id).ifPresent(c -> found.put(id, c));
        }
        return found;
    }

    Page<Customer> list(PlatformId platform, CustomerFilter filter, PageRequest page);

    /** Those of {@code platformCustomerIds} an active customer holds. */
    Set<String> takenPlatformCustomerIds(PlatformId platform, Collection<String> platformCustomerIds);

    /** Those of {@code umaAddresses} an active customer holds. */
    Set<String> takenUmaAddresses(PlatformId platform, Collection<String> umaAddresses);
}
