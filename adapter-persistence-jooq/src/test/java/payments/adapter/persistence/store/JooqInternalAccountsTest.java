package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.store.JooqInternalAccounts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;

class JooqInternalAccountsTest {
    private final JooqInternalAccounts accounts = new JooqInternalAccounts(Fixtures.DB);

    @Test
    void find_all_reads_the_platforms_accounts_with_their_balances_as_find_does() {
        PlatformId platform = Fixtures.platform();
        InternalAccount funded = Fixtures.account(platform, null);
        InternalAccount owned = Fixtures.account(platform, Fixtures.customer(platform, "c", "$c@test.example",
                Fixtures.now()));
        InternalAccount elsewhere = Fixtures.account(Fixtures.platform(), null);
        Fixtures.DB.ctx().update(LEDGER_ACCOUNTS).set(LEDGER_ACCOUNTS.POSTED_MINOR, 900L)
                .set(LEDGER_ACCOUNTS.HELD_MINOR, 200L).where(LEDGER_ACCOUNTS.ID.eq(funded.id().value())).execute();
        InternalAccountId missing = new InternalAccountId(java.util.UUID.randomUUID());

        Map<InternalAccountId, InternalAccount> found = accounts.findAll(platform,
                List.of(owned.id(), missing, elsewhere.id(), funded.id()));

        assertEquals(List.of(owned.id(), funded.id()), List.copyOf(found.keySet()));
        assertEquals(accounts.find(platform, funded.id()).orElseThrow(), found.get(funded.id()));
        assertEquals(accounts.find(platform, owned.id()).orElseThrow(), found.get(owned.id()));
        assertEquals(700, found.get(funded.id()).availableMinor());
        assertEquals(900, found.get(funded.id()).totalMinor());
        assertEquals(owned.customerId(), found.get(owned.id()).customerId());
    }

    @Test
    void an_account_is_found_by_its_deposit_reference_in_either_case_within_its_platform_only() {
        PlatformId platform = Fixtures.platform();
        InternalAccount account = Fixtures.account(platform, null);
        Fixtures.account(platform, null);
        Fixtures.DB.ctx().update(LEDGER_ACCOUNTS).set(LEDGER_ACCOUNTS.POSTED_MINOR, 500L)
                .set(LEDGER_ACCOUNTS.HELD_MINOR, 100L).where(LEDGER_ACCOUNTS.ID.eq(account.id().value())).execute();
        String reference = EntityId.randomPart(account.id().value());

        InternalAccount found = accounts.findByDepositReference(platform, reference).orElseThrow();
        assertEquals(accounts.find(platform, account.id()).orElseThrow(), found);
        assertEquals(400, found.availableMinor());
        assertEquals(Optional.of(found), accounts.findByDepositReference(platform,
                reference.toUpperCase(Locale.ROOT)));
        assertEquals(Optional.empty(), accounts.findByDepositReference(Fixtures.platform(), reference));
        String other = (reference.charAt(0) == '0' ? "1" : "0") + reference.substring(1);
        assertEquals(Optional.empty(), accounts.findByDepositReference(platform, other));
    }

    @Test
    void a_reference_that_is_not_sixteen_hex_digits_names_no_account_without_a_query() {
        JooqInternalAccounts offline = new JooqInternalAccounts(new Db(null));
        PlatformId platform = new PlatformId(java.util.UUID.randomUUID());
        for (String garbage : java.util.Arrays.asList(null, "", "0123456789abcde", "0123456789abcdef0",
                "0123456789abcdeg", "0123-456789abcde", " 0123456789abcdef", "TX-0123456789ABCDEF")) {
            assertEquals(Optional.empty(), offline.findByDepositReference(platform, garbage), garbage);
        }
    }

    @Test
    void find_all_of_no_ids_is_empty_without_a_query() {
        assertEquals(Map.of(), new JooqInternalAccounts(new Db(null))
                .findAll(new PlatformId(java.util.UUID.randomUUID()), List.of()));
    }
}
