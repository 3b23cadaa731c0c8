package payments.ports.fakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerType;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;
import payments.core.ledger.AccountRef;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** The fakes keep the promises of their ports, so tests built on them mean something. */
class InMemoryFakesTest {
    private static final PlatformId P = new PlatformId(UUID.fromString("00000000-0000-4000-8000-0000000000aa"));
    private final SequentialIds ids = new SequentialIds();

    // ---- ledger ----

    private final InMemoryLedger ledger = new InMemoryLedger();
    private final UUID alice = ids.newId();
    private final UUID bob = ids.newId();
    private final AccountRef source = AccountRef.system(P, "RAIL", "USD");

    private Journal journal(Posting... postings) {
        return new Journal(ids.newId(), "TEST", "ref", List.of(postings), FakeClock.START);
    }

    @Test
    void a_journal_that_would_overdraw_an_owned_account_changes_nothing() {
        ledger.openOwned(P, alice, "USD");
        ledger.openOwned(P, bob, "USD");
        ledger.post(P, Journal.transfer(ids.newId(), "FUND", "r", source, AccountRef.owned(alice), "USD", 100,
                FakeClock.START));

        Journal overdraw = journal(new Posting(AccountRef.owned(alice), "USD", -150),
                new Posting(AccountRef.owned(bob), "USD", 100), new Posting(source, "USD", 50));
        assertThrows(InsufficientFunds.class, () -> ledger.post(P, overdraw));

        assertEquals(100, ledger.balance(P, alice));
        assertEquals(0, ledger.balance(P, bob));
        assertEquals(-100, ledger.balance(P, source));
        assertEquals(1, ledger.journals().size());
    }

    @Test
    void an_owned_account_may_be_emptied_exactly_and_system_accounts_appear_on_first_use() {
        ledger.openOwned(P, alice, "USD");
        assertFalse(ledger.exists(P, source.id()));

        ledger.post(P, Journal.transfer(ids.newId(), "IN", "r", source, AccountRef.owned(alice), "USD", 70,
                FakeClock.START));
        ledger.post(P, Journal.transfer(ids.newId(), "OUT", "r", AccountRef.owned(alice), source, "USD", 70,
                FakeClock.START));

        assertTrue(ledger.exists(P, source.id()));
        assertEquals(0, ledger.balance(P, alice));
        assertEquals(0, ledger.balance(P, source));
    }

    @Test
    void posting_to_an_owned_account_never_opened_or_in_another_currency_fails() {
        ledger.openOwned(P, alice, "EUR");

        assertThrows(IllegalStateException.class, () -> ledger.post(P, Journal.transfer(ids.newId(), "IN", "r",
                source, AccountRef.owned(bob), "USD", 5, FakeClock.START)));
        assertThrows(IllegalStateException.class, () -> ledger.post(P, Journal.transfer(ids.newId(), "IN", "r",
                source, AccountRef.owned(alice), "USD", 5, FakeClock.START)));
        assertEquals(0, ledger.balance(P, source));
        assertEquals(List.of(), ledger.journals());
    }

    @Test
    void accounts_of_one_platform_are_invisible_to_another() {
        PlatformId other = new PlatformId(UUID.fromString("00000000-0000-4000-8000-0000000000bb"));
        ledger.openOwned(P, alice, "USD");

        assertThrows(IllegalStateException.class, () -> ledger.post(other, Journal.transfer(ids.newId(), "IN",
                "r", AccountRef.system(other, "RAIL", "USD"), AccountRef.owned(alice), "USD", 5, FakeClock.START)));
    }

    // ---- customers ----

    private final InMemoryCustomers customers = new InMemoryCustomers();
    private final FakeClock clock = new FakeClock();

    private Customer customer(UUID id, String platformCustomerId, String uma) {
        return new Customer(new CustomerId(id), P, platformCustomerId, CustomerType.INDIVIDUAL, uma, null,
                List.of("USD"), null, null, "PENDING", Map.of(), clock.now(), clock.now(), null);
    }

    @Test
    void customers_are_unique_by_platformCustomerId_and_umaAddress_among_active_ones() {
        Customer a = customer(ids.newId(), "p-1", "$a@x.example");
        customers.insert(a);

        assertEquals("CONFLICT", assertThrows(Conflict.class,
                () -> customers.insert(customer(ids.newId(), "p-1", "$b@x.example"))).code());
        assertEquals("UMA_ADDRESS_EXISTS", assertThrows(Conflict.class,
                () -> customers.insert(customer(ids.newId(), "p-2", "$a@x.example"))).code());
        Customer b = customer(ids.newId(), "p-2", "$b@x.example");
        customers.insert(b);
        assertEquals("UMA_ADDRESS_EXISTS", assertThrows(Conflict.class, () -> customers.update(
                customer(b.id().value(), "p-2", "$a@x.example"))).code());

        customers.update(a.deleted(clock.now()));
        customers.insert(customer(ids.newId(), "p-1", "$a@x.example"));
        customers.update(a.deleted(clock.now())); // a deleted row may be written again while its ids are reused
    }

    @Test
    void pages_are_newest_first_with_ids_ordered_as_unsigned_like_postgres() {
        // Java's UUID.compareTo is signed and would put the f... id first; PostgreSQL puts it last.
        UUID low = UUID.fromString("0fffffff-0000-4000-8000-000000000000");
        UUID high = UUID.fromString("f0000000-0000-4000-8000-000000000000");
        assertTrue(high.compareTo(low) < 0);
        customers.insert(customer(low, "low", "$low@x.example"));
        customers.insert(customer(high, "high", "$high@x.example"));
        clock.advance(Duration.ofSeconds(1));
        UUID newest = ids.newId();
        customers.insert(customer(newest, "newest", "$newest@x.example"));
        CustomerFilter all = new CustomerFilter(null, null, null, null, null, null, null, null, null, false);

        Page<Customer> first = customers.list(P, all, new PageRequest(2, null));
        Page<Customer> second = customers.list(P, all, new PageRequest(2, first.nextCursor()));

        assertEquals(List.of(newest, high), first.data().stream().map(c -> c.id().value()).toList());
        assertTrue(first.hasMore());
        assertEquals(List.of(low), second.data().stream().map(c -> c.id().value()).toList());
        assertFalse(second.hasMore());
        assertEquals(3, second.totalCount());
    }

    @Test
    void created_and_updated_bounds_are_inclusive() {
        Instant t0 = clock.now();
        customers.insert(customer(ids.newId(), "a", "$a@x.example"));
        clock.advance(Duration.ofSeconds(10));
        customers.insert(customer(ids.newId(), "b", "$b@x.example"));

        assertEquals(2, customers.list(P, new CustomerFilter(null, null, t0, clock.now(), null, null, null, null,
                null, false), new PageRequest(10, null)).totalCount());
        assertEquals(1, customers.list(P, new CustomerFilter(null, null, t0.plusSeconds(1), null, null, null, null,
                null, null, false), new PageRequest(10, null)).totalCount());
    }

    // ---- invitations ----

    @Test
    void invitation_codes_are_unique_across_platforms_and_only_the_owner_reads_or_writes_by_platform() {
        PlatformId other = new PlatformId(UUID.fromString("00000000-0000-4000-8000-0000000000bb"));
        InMemoryInvitations invitations = new InMemoryInvitations();
        Invitation mine = Invitation.create("CODE1", P, "$a@x.example", null, null, null, clock.now());
        invitations.insert(mine);

        assertEquals("CONFLICT", assertThrows(Conflict.class, () -> invitations.insert(
                Invitation.create("CODE1", other, "$b@y.example", null, null, null, clock.now()))).code());
        assertEquals(P, invitations.ownerOf("CODE1").orElseThrow());
        assertTrue(invitations.find(other, "CODE1").isEmpty());
        assertTrue(invitations.findForUpdate(other, "CODE1").isEmpty());

        invitations.update(new Invitation("CODE1", other, "$b@y.example", null, null, null, mine.status(), null,
                null, null, clock.now(), clock.now()));
        assertEquals(mine, invitations.find(P, "CODE1").orElseThrow(), "another platform's write changes nothing");
        Invitation cancelled = mine.cancelled(clock.now());
        invitations.update(cancelled);
        assertEquals(cancelled, invitations.findForUpdate(P, "CODE1").orElseThrow());
    }

    // ---- small ones ----

    @Test
    void sequential_ids_differ_in_their_leading_digits_and_the_clock_moves_only_when_told() {
        UUID one = new SequentialIds().newId();
        SequentialIds more = new SequentialIds();
        more.newId();
        UUID two = more.newId();
        assertNotEquals(one.toString().substring(0, 8), two.toString().substring(0, 8));

        FakeClock c = new FakeClock();
        assertEquals(c.now(), c.now());
        assertEquals(FakeClock.START.plusSeconds(5), c.advance(Duration.ofSeconds(5)));
    }

    @Test
    void the_transaction_runner_runs_the_work_and_counts_it() {
        DirectTransactionRunner tx = new DirectTransactionRunner();

        assertEquals(7, tx.inTransaction(() -> tx.inTransaction(() -> 7)));
        assertEquals(2, tx.runs());
        assertEquals(1, tx.nestedRuns());
        assertFalse(tx.inProgress());
    }
}
