package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqExternalAccounts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;

class JooqExternalAccountsTest {
    private final JooqExternalAccounts accounts = new JooqExternalAccounts(Fixtures.DB);

    private ExternalAccount insert(PlatformId platform, CustomerId customer) {
        ExternalAccount a = new ExternalAccount(new ExternalAccountId(UUID.randomUUID()), customer, "USD",
                ExternalAccountStatus.ACTIVE, null, null, false, "USD_ACCOUNT", UUID.randomUUID().toString(),
                Map.of("accountNumber", "123456789"), BeneficiaryVerificationStatus.MATCHED, "Jane",
                Fixtures.now(), Fixtures.now());
        accounts.insert(platform, a);
        return a;
    }

    @Test
    void find_all_reads_the_platforms_live_accounts_as_find_does() {
        PlatformId platform = Fixtures.platform();
        ExternalAccount platformOwned = insert(platform, null);
        ExternalAccount customers = insert(platform, Fixtures.customer(platform, "c", "$c@test.example",
                Fixtures.now()).id());
        ExternalAccount deleted = insert(platform, null);
        accounts.delete(platform, deleted.id(), Fixtures.now());
        ExternalAccount elsewhere = insert(Fixtures.platform(), null);

        Map<ExternalAccountId, ExternalAccount> found = accounts.findAll(platform, List.of(customers.id(),
                deleted.id(), elsewhere.id(), new ExternalAccountId(UUID.randomUUID()), platformOwned.id()));

        assertEquals(Map.of(customers.id(), customers, platformOwned.id(), platformOwned), found);
        assertEquals(List.of(customers.id(), platformOwned.id()), List.copyOf(found.keySet()));
        assertEquals(accounts.find(platform, customers.id()).orElseThrow(), found.get(customers.id()));
    }

    @Test
    void find_all_of_no_ids_is_empty_without_a_query() {
        assertEquals(Map.of(), new JooqExternalAccounts(new Db(null))
                .findAll(new PlatformId(UUID.randomUUID()), List.of()));
    }
}
