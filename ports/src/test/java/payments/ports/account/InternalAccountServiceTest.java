package payments.ports.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.fields;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.account.InternalAccountView;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.World;
import payments.ports.customer.NewCustomer;

class InternalAccountServiceTest {
    private final World w = new World();
    private final Platform acme = w.sandbox();
    private final Caller caller = w.caller(acme);
    private final Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual("currencies",
            List.of("USD", "EUR"))));
    private final InternalAccount janeUsd = account(jane, "USD");

    private InternalAccount account(Customer c, String currency) {
        return w.internalAccounts.listOwnedBy(c.platformId(), c.id()).stream()
                .filter(a -> a.currency().equals(currency)).findFirst().orElseThrow();
    }

    private InternalAccountView fund(InternalAccountId id, Object amount) {
        return w.internalAccountService.fund(caller, id, SandboxFunding.fromJson(json("amount", amount)));
    }

    private AccountRef fundingSource(String currency) {
        return AccountRef.system(acme.id(), AccountRef.SANDBOX_FUNDING, currency);
    }

    @Test
    void funding_credits_the_account_through_one_balanced_journal() {
        InternalAccountView view = fund(janeUsd.id(), 12_345L);

        assertEquals(12_345L, view.account().availableMinor());
        assertEquals(12_345L, view.account().totalMinor());
        assertEquals(12_345L, w.internalAccounts.find(acme.id(), janeUsd.id()).orElseThrow().availableMinor());
        assertEquals(-12_345L, w.ledger.balance(acme.id(), fundingSource("USD")),
                "the sandbox funding source goes negative by the same amount");

        List<Journal> journals = w.ledger.journals();
        assertEquals(1, journals.size());
        Journal j = journals.get(0);
        assertEquals("SANDBOX_FUNDING", j.kind());
        assertEquals(janeUsd.id().toString(), j.reference());
        assertEquals(w.clock.now(), j.at());
        assertEquals(List.of(new Posting(fundingSource("USD"), "USD", -12_345L),
                new Posting(AccountRef.owned(janeUsd.id().value()), "USD", 12_345L)), j.postings());
        assertEquals(0L, j.postings().stream().mapToLong(Posting::amountMinor).sum());
    }

    @Test
    void funding_is_dated_by_the_platform_clock_as_its_payments_are() {
        w.sandboxClocks.advance(acme.id(), 86_400, w.clock.now());

        fund(janeUsd.id(), 100L);

        assertEquals(w.clock.now().plusSeconds(86_400), w.ledger.journals().get(0).at());
    }

    @Test
    void funding_twice_adds_up_and_other_accounts_are_untouched() {
        fund(janeUsd.id(), 100L);
        InternalAccountView view = fund(janeUsd.id(), 250L);

        assertEquals(350L, view.account().availableMinor());
        assertEquals(-350L, w.ledger.balance(acme.id(), fundingSource("USD")));
        assertEquals(0L, account(jane, "EUR").availableMinor());
        assertEquals(0L, w.ledger.balance(acme.id(), fundingSource("EUR")));
        assertEquals(2, w.ledger.journals().size());
    }

    @Test
    void funding_up_to_the_maximum_is_allowed() {
        assertEquals(100_000_000_000L, fund(janeUsd.id(), 100_000_000_000L).account().availableMinor());
        assertEquals(1L, fund(account(jane, "EUR").id(), 1L).account().availableMinor());
    }

    static Stream<Object> invalidAmounts() {
        return Stream.of(0L, -5L, 100_000_000_001L, new BigInteger("100000000000000000000000"),
                new BigDecimal("10.5"), new BigDecimal("10.0"), 10.5d, "100", true);
    }

    @ParameterizedTest
    @MethodSource("invalidAmounts")
    void an_amount_that_is_not_an_integer_between_1_and_100000000000_is_INVALID_INPUT(Object amount) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> fund(janeUsd.id(), amount));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("amount"), fields(e));
        assertEquals(0, w.ledger.journals().size());
        assertEquals(0L, w.internalAccounts.find(acme.id(), janeUsd.id()).orElseThrow().availableMinor());
    }

    @Test
    void a_missing_amount_or_an_unknown_field_is_INVALID_INPUT() {
        assertEquals(List.of("amount"), fields(assertThrows(InvalidInput.class,
                () -> w.internalAccountService.fund(caller, janeUsd.id(), SandboxFunding.fromJson(json())))));
        assertEquals(List.of("currency"), fields(assertThrows(InvalidInput.class,
                () -> w.internalAccountService.fund(caller, janeUsd.id(), SandboxFunding.fromJson(json("amount", 5L,
                        "currency", "USD"))))));
    }

    @Test
    void a_production_caller_may_not_fund() {
        Platform live = w.platform(Environment.PRODUCTION, "live.example", "USD");
        Caller liveCaller = w.caller(live);
        Customer bob = w.customerService.create(liveCaller, NewCustomer.fromJson(individual()));
        InternalAccount bobUsd = account(bob, "USD");

        Forbidden e = assertThrows(Forbidden.class,
                () -> w.internalAccountService.fund(liveCaller, bobUsd.id(), SandboxFunding.fromJson(json("amount",
                        100L))));

        assertEquals("FORBIDDEN", e.code());
        assertEquals(0L, w.internalAccounts.find(live.id(), bobUsd.id()).orElseThrow().availableMinor());
        assertEquals(0, w.ledger.journals().size());
    }

    @Test
    void funding_needs_the_TRANSACT_permission() {
        Caller viewer = w.caller(acme, Permission.VIEW, Permission.MANAGE);

        assertThrows(Forbidden.class,
                () -> w.internalAccountService.fund(viewer, janeUsd.id(), SandboxFunding.fromJson(json("amount",
                        100L))));
        assertEquals(0, w.ledger.journals().size());
    }

    @Test
    void an_unknown_account_is_not_found() {
        NotFound e = assertThrows(NotFound.class,
                () -> fund(new InternalAccountId(UUID.fromString("99999999-0000-4000-8000-000000000000")), 100L));

        assertEquals("REFERENCE_NOT_FOUND", e.code());
        assertEquals(0, w.ledger.journals().size());
    }

    @Test
    void another_platforms_account_is_not_found() {
        Platform other = w.platform(Environment.SANDBOX, "other.example", "USD");
        Customer theirs = w.customerService.create(w.caller(other), NewCustomer.fromJson(individual()));

        assertThrows(NotFound.class, () -> fund(account(theirs, "USD").id(), 100L));
        assertEquals(0L, account(theirs, "USD").availableMinor());
    }

    @Test
    void an_account_that_is_not_active_cannot_be_funded() {
        InternalAccountId frozen = new InternalAccountId(w.ids.newId());
        w.internalAccounts.open(acme.id(), new InternalAccount(frozen, jane.id(), "GBP",
                InternalAccountType.INTERNAL_FIAT, InternalAccountStatus.FROZEN, 0, 0, null, w.clock.now(),
                w.clock.now()));

        Conflict e = assertThrows(Conflict.class, () -> fund(frozen, 100L));

        assertEquals("CONFLICT", e.code());
        assertEquals(0, w.ledger.journals().size());
    }

    @Test
    void platform_accounts_can_be_funded_and_listed_by_currency() {
        w.accountOpening.ensureAccounts(acme.id(), null, List.of("USD", "EUR"), w.clock.now());
        InternalAccountView usd = w.internalAccountService.listPlatformAccounts(caller, "USD", null).get(0);

        fund(usd.account().id(), 500L);

        List<InternalAccountView> listed = w.internalAccountService.listPlatformAccounts(caller, "USD",
                InternalAccountType.INTERNAL_FIAT);
        assertEquals(1, listed.size());
        assertEquals(500L, listed.get(0).account().availableMinor());
        assertTrue(listed.get(0).account().isPlatformAccount());
        assertEquals(2, w.internalAccountService.listPlatformAccounts(caller, null, null).size());
    }

    @Test
    void the_customer_account_list_shows_balances_and_only_customers_accounts() {
        w.accountOpening.ensureAccounts(acme.id(), null, List.of("USD"), w.clock.now());
        fund(janeUsd.id(), 42L);

        var page = w.internalAccountService.listCustomerAccounts(caller,
                new InternalAccountFilter(jane.id(), "USD", null), new PageRequest(10, null));

        assertEquals(1, page.totalCount());
        assertEquals(42L, page.data().get(0).account().availableMinor());
        assertEquals(List.of(), page.data().get(0).fundingPaymentInstructions());
        assertEquals(2, w.internalAccountService.listCustomerAccounts(caller,
                new InternalAccountFilter(null, null, null), new PageRequest(10, null)).totalCount());
    }
}
