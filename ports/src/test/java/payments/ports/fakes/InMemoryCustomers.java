package payments.ports.fakes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.customer.Customers;

/**
 * Customers with the persistence adapter's rules: among a platform's active (not deleted) customers the
 * platformCustomerId and the UMA address are unique, and the list filters and pages like the adapter.
 */
public final class InMemoryCustomers implements Customers {
    private record Key(PlatformId platform, CustomerId id) {
    }

    private final Map<Key, Customer> rows = new LinkedHashMap<>();

    @Override
    public void insert(Customer c) {
        Key key = new Key(c.platformId(), c.id());
        if (rows.containsKey(key)) {
            throw new IllegalStateException("duplicate customer id " + c.id());
        }
        requireUnique(c);
        rows.put(key, c);
    }

    @Override
    public void update(Customer c) {
        Key key = new Key(c.platformId(), c.id());
        if (rows.containsKey(key)) {
            requireUnique(c);
            rows.put(key, c);
        }
    }

    /** Checked in the order of the table's unique indexes. */
    private void requireUnique(Customer c) {
        if (c.isDeleted()) {
            return;
        }
        for (Customer other : rows.values()) {
            if (other.isDeleted() || !other.platformId().equals(c.platformId()) || other.id().equals(c.id())) {
                continue;
            }
            if (other.platformCustomerId().equals(c.platformCustomerId())) {
                throw new Conflict("CONFLICT", "An active customer already has this platformCustomerId");
            }
            if (other.umaAddress().equals(c.umaAddress())) {
                throw new Conflict("UMA_ADDRESS_EXISTS", "The UMA address is already taken");
            }
        }
    }

    @Override
    public Optional<Customer> find(PlatformId platform, CustomerId id) {
        return Optional.ofNullable(rows.get(new Key(platform, id)));
    }

    /** Nothing runs concurrently in memory, so there is nothing to lock. */
    @Override
    public Optional<Customer> findForUpdate(PlatformId platform, CustomerId id) {
        return find(platform, id);
    }

    @Override
    public Page<Customer> list(PlatformId platform, CustomerFilter f, PageRequest page) {
        return Keyset.page(rows.values().stream()
                        .filter(c -> c.platformId().equals(platform))
                        .filter(c -> f.includeDeleted() || !c.isDeleted())
                        .filter(c -> f.platformCustomerId() == null || f.platformCustomerId().equals(c.platformCustomerId()))
                        .filter(c -> f.type() == null || f.type() == c.type())
                        .filter(c -> Keyset.within(c.createdAt(), f.createdAfter(), f.createdBefore()))
                        .filter(c -> Keyset.within(c.updatedAt(), f.updatedAfter(), f.updatedBefore()))
                        .filter(c -> f.region() == null || f.region().equals(c.region()))
                        .filter(c -> f.currency() == null || c.currencies().contains(f.currency()))
                        .filter(c -> f.umaAddress() == null || f.umaAddress().equals(c.umaAddress())),
                Customer::createdAt, c -> c.id().value(), page);
    }

    @Override
    public java.util.Set<String> takenPlatformCustomerIds(PlatformId platform,
                                                          java.util.Collection<String> platformCustomerIds) {
        return active(platform).map(Customer::platformCustomerId).filter(platformCustomerIds::contains)
                .collect(java.util.stream.Collectors.toSet());
    }

    @Override
    public java.util.Set<String> takenUmaAddresses(PlatformId platform, java.util.Collection<String> umaAddresses) {
        return active(platform).map(Customer::umaAddress).filter(umaAddresses::contains)
                .collect(java.util.stream.Collectors.toSet());
    }

    private java.util.stream.Stream<Customer> active(PlatformId platform) {
        return rows.values().stream().filter(c -> c.platformId().equals(platform) && !c.isDeleted());
    }
}
