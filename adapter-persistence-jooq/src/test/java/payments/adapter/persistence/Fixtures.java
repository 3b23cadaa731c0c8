package payments.adapter.persistence;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.common.CustomerId;
import payments.core.common.InternalAccountId;
import payments.core.common.PlatformId;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;

/** Rows the persistence tests build on: each test works on a fresh platform of its own. */
final class Fixtures {
    static final Db DB = TestDatabase.database().db();

    private Fixtures() {
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    static PlatformId platform() {
        PlatformId id = new PlatformId(UUID.randomUUID());
        new JooqPlatforms(DB).insert(new Platform(id, "test", Environment.SANDBOX,
                PlatformConfig.initial("test.example", List.of("USD")), now(), now()));
        return id;
    }

    static Customer customer(PlatformId platform, String platformCustomerId, String uma, Instant createdAt) {
        CustomerId id = new CustomerId(UUID.randomUUID());
        Customer c = new Customer(id, platform, platformCustomerId, CustomerType.INDIVIDUAL, uma, "US",
                List.of("USD"), null, null, "PENDING", Map.of("fullName", "Test"), createdAt, createdAt, null);
        new JooqCustomers(DB).insert(c);
        return c;
    }

    static InternalAccount account(PlatformId platform, Customer owner) {
        InternalAccount a = new InternalAccount(new InternalAccountId(UUID.randomUUID()),
                owner == null ? null : owner.id(), "USD", InternalAccountType.INTERNAL_FIAT,
                InternalAccountStatus.ACTIVE, 0, 0, null, now(), now());
        new JooqInternalAccounts(DB).open(platform, a);
        return a;
    }
}
