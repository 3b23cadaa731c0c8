package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqCustomers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

class JooqCustomersTest {
    private final JooqCustomers customers = new JooqCustomers(Fixtures.DB);

    @Test
    void an_active_platform_customer_id_and_uma_address_are_unique_per_platform_but_free_after_delete() {
        PlatformId platform = Fixtures.platform();
        Customer first = Fixtures.customer(platform, "p-1", "$a@test.example", Fixtures.now());

        Conflict sameId = assertThrows(Conflict.class,
                () -> Fixtures.customer(platform, "p-1", "$b@test.example", Fixtures.now()));
        assertEquals("CONFLICT", sameId.code());
        Conflict sameUma = assertThrows(Conflict.class,
                () -> Fixtures.customer(platform, "p-2", "$a@test.example", Fixtures.now()));
        assertEquals("UMA_ADDRESS_EXISTS", sameUma.code());

        customers.update(first.deleted(Fixtures.now()));
        Fixtures.customer(platform, "p-1", "$a@test.example", Fixtures.now());
        Fixtures.customer(Fixtures.platform(), "p-1", "$a@test.example", Fixtures.now());
    }

    @Test
    void one_platform_never_sees_another_platforms_customers() {
        PlatformId mine = Fixtures.platform();
        PlatformId theirs = Fixtures.platform();
        Customer theirCustomer = Fixtures.customer(theirs, "x", "$x@test.example", Fixtures.now());

        assertTrue(customers.find(mine, theirCustomer.id()).isEmpty());
        assertEquals(0, customers.list(mine, filter(false), new PageRequest(100, null)).totalCount());
    }

    @Test
    void find_all_reads_the_platforms_customers_deleted_or_not_as_find_does() {
        PlatformId platform = Fixtures.platform();
        Customer jane = Fixtures.customer(platform, "jane", "$jane@test.example", Fixtures.now());
        Customer gone = Fixtures.customer(platform, "gone", "$gone@test.example", Fixtures.now());
        customers.update(gone.deleted(Fixtures.now()));
        Customer elsewhere = Fixtures.customer(Fixtures.platform(), "x", "$x@test.example", Fixtures.now());

        Map<CustomerId, Customer> found = customers.findAll(platform,
                List.of(gone.id(), elsewhere.id(), new CustomerId(UUID.randomUUID()), jane.id(), gone.id()));

        assertEquals(List.of(gone.id(), jane.id()), List.copyOf(found.keySet()));
        assertEquals(jane, found.get(jane.id()));
        assertEquals(customers.find(platform, gone.id()).orElseThrow(), found.get(gone.id()));
        assertTrue(found.get(gone.id()).deletedAt() != null);
        assertEquals(Map.of(), new JooqCustomers(new Db(null)).findAll(platform, List.of()), "no query");
    }

    @Test
    void pages_walk_every_customer_newest_first_without_gaps_or_repeats() {
        PlatformId platform = Fixtures.platform();
        Instant t = Fixtures.now();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            // Two customers share each timestamp, so the id breaks the ties.
            created.add(Fixtures.customer(platform, "c" + i, "$c" + i + "@test.example",
                    t.plusSeconds(i / 2)).platformCustomerId());
        }
        List<String> seen = new ArrayList<>();
        Page<Customer> page = customers.list(platform, filter(false), new PageRequest(3, null));
        seen.addAll(page.data().stream().map(Customer::platformCustomerId).toList());
        assertEquals(7, page.totalCount());
        while (page.hasMore()) {
            page = customers.list(platform, filter(false), new PageRequest(3, page.nextCursor()));
            seen.addAll(page.data().stream().map(Customer::platformCustomerId).toList());
        }
        assertFalse(page.hasMore());
        assertEquals(7, seen.size());
        assertEquals(new java.util.HashSet<>(created), new java.util.HashSet<>(seen));
        assertEquals("c6", seen.get(0));
    }

    @Test
    void deleted_customers_are_listed_only_on_request_and_filters_combine() {
        PlatformId platform = Fixtures.platform();
        Customer gone = Fixtures.customer(platform, "gone", "$gone@test.example", Fixtures.now());
        Fixtures.customer(platform, "kept", "$kept@test.example", Fixtures.now());
        customers.update(gone.deleted(Fixtures.now()));

        assertEquals(1, customers.list(platform, filter(false), new PageRequest(10, null)).totalCount());
        assertEquals(2, customers.list(platform, filter(true), new PageRequest(10, null)).totalCount());
        var byUma = new CustomerFilter(null, null, null, null, null, null, "US", "USD", "$kept@test.example", false);
        assertEquals("kept", customers.list(platform, byUma, new PageRequest(10, null)).data().get(0)
                .platformCustomerId());
        var wrongCurrency = new CustomerFilter(null, null, null, null, null, null, null, "EUR", null, true);
        assertEquals(0, customers.list(platform, wrongCurrency, new PageRequest(10, null)).totalCount());
    }

    private static CustomerFilter filter(boolean includeDeleted) {
        return new CustomerFilter(null, null, null, null, null, null, null, null, null, includeDeleted);
    }

    @Test
    void find_for_update_waits_for_a_change_in_flight_and_then_reads_it() throws Exception {
        PlatformId platform = Fixtures.platform();
        Customer ada = Fixtures.customer(platform, "lock", "$lock@test.example", Fixtures.now());
        CountDownLatch deleted = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> deletion = pool.submit(() -> Fixtures.DB.inTransaction(() -> {
                customers.findForUpdate(platform, ada.id()).orElseThrow();
                customers.update(ada.deleted(Fixtures.now()));
                deleted.countDown();
                Fixtures.await(commit);
                return null;
            }));
            deleted.await();
            assertFalse(customers.find(platform, ada.id()).orElseThrow().isDeleted(), "a plain read does not wait");
            Future<Customer> locker = pool.submit(() -> Fixtures.DB.inTransaction(() ->
                    customers.findForUpdate(platform, ada.id()).orElseThrow()));
            Fixtures.untilWaitingForALock("customers", locker);
            commit.countDown();
            deletion.get(10, TimeUnit.SECONDS);
            assertTrue(locker.get(10, TimeUnit.SECONDS).isDeleted(), "the locker reads the committed change");
            assertTrue(customers.findForUpdate(Fixtures.platform(), ada.id()).isEmpty(), "another platform's");
        } finally {
            commit.countDown();
            pool.shutdown();
        }
    }
}
