package payments.adapter.persistence;

import payments.adapter.persistence.store.JooqPlatforms;
import payments.adapter.persistence.store.JooqInternalAccounts;
import payments.adapter.persistence.store.JooqCustomers;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.adapter.persistence.secret.SecretBox;

/** Rows the persistence tests build on: each test works on a fresh platform of its own. */
public final class Fixtures {
    public static final Db DB = TestDatabase.database().db();
    /** The tests' master key: secrets they store are sealed under it. */
    public static final SecretBox BOX = SecretBox.of(SecretBox.newMasterKey());

    private Fixtures() {
    }

    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    public static PlatformId platform() {
        PlatformId id = new PlatformId(UUID.randomUUID());
        new JooqPlatforms(DB).insert(platformNamed(id));
        return id;
    }

    /** A sandbox platform with this id, not yet stored. */
    public static Platform platformNamed(PlatformId id) {
        return new Platform(id, "test", Environment.SANDBOX, PlatformConfig.initial("test.example", List.of("USD")),
                now(), now());
    }

    public static Customer customer(PlatformId platform, String platformCustomerId, String uma, Instant createdAt) {
        CustomerId id = new CustomerId(UUID.randomUUID());
        Customer c = new Customer(id, platform, platformCustomerId, CustomerType.INDIVIDUAL, uma, "US",
                List.of("USD"), null, null, "PENDING", Map.of("fullName", "Test"), createdAt, createdAt, null);
        new JooqCustomers(DB).insert(c);
        return c;
    }

    public static InternalAccount account(PlatformId platform, Customer owner) {
        InternalAccount a = new InternalAccount(new InternalAccountId(UUID.randomUUID()),
                owner == null ? null : owner.id(), "USD", InternalAccountType.INTERNAL_FIAT,
                InternalAccountStatus.ACTIVE, 0, 0, null, now(), now());
        new JooqInternalAccounts(DB).open(platform, a);
        return a;
    }

    /**
     * Whether a read of {@code table} is waiting for a row lock: matched by how the statement begins, since
     * pg_stat_activity keeps only its first kilobyte.
     */
    private static boolean readWaitingForALock(String table) {
        return DB.ctx().fetch("select 1 from pg_stat_activity where wait_event_type = 'Lock'"
                + " and query like ? and datname = current_database()", "select \"" + table + "\".%").isNotEmpty();
    }

    /**
     * Waits (up to 10 s) until {@code waiting}, a read of {@code table}, waits for a row lock another transaction
     * holds; fails if it returns first or never waits.
     */
    public static void untilWaitingForALock(String table, Future<?> waiting) throws InterruptedException {
        for (long deadline = System.nanoTime() + 10_000_000_000L; !readWaitingForALock(table); Thread.sleep(10)) {
            assertFalse(waiting.isDone(), "returned while another transaction held the row");
            assertTrue(System.nanoTime() < deadline, "never waited for the other transaction's lock");
        }
    }

    /** Waits for the latch in a task that cannot throw InterruptedException. */
    public static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
