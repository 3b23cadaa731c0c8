package payments.ports.externalaccount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.address;
import static payments.ports.World.fields;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.World;
import payments.ports.customer.NewCustomer;
import payments.ports.driven.account.BeneficiaryVerifier;
import payments.ports.fakes.FixedBeneficiaryVerifier;

class ExternalAccountServiceTest {
    private final World w = new World();
    private final Platform acme = w.sandbox();
    private final Caller caller = w.caller(acme);
    private final Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual()));

    private static Map<String, Object> usdAccount(String accountNumber) {
        return json("accountType", "USD_ACCOUNT", "accountNumber", accountNumber, "routingNumber", "021000021",
                "beneficiary", json("beneficiaryType", "INDIVIDUAL", "fullName", "Jane Doe", "address", address()));
    }

    private static Map<String, Object> forCustomer(CustomerId customer, Map<String, Object> accountInfo,
                                                   Object... more) {
        Map<String, Object> body = json("customerId", customer.toString(), "currency", "USD",
                "accountInfo", accountInfo);
        body.putAll(json(more));
        return body;
    }

    private ExternalAccount create(Map<String, Object> body) {
        return w.externalAccountService.create(caller, NewExternalAccount.fromJson(body, false));
    }

    private List<ExternalAccount> customerAccounts() {
        return w.externalAccountService.list(caller, false, jane.id(), null, new PageRequest(100, null)).data();
    }

    @Test
    void a_customer_account_is_created_with_the_verifiers_result() {
        w.verifier.answer(new BeneficiaryVerifier.Result(BeneficiaryVerificationStatus.PARTIAL_MATCH, "JANE DOE"));

        ExternalAccount a = create(forCustomer(jane.id(), usdAccount("123456789"), "platformAccountId", "acct-9",
                "ownershipType", "FIRST_PARTY"));

        assertEquals(jane.id(), a.customerId());
        assertEquals("USD", a.currency());
        assertEquals(ExternalAccountStatus.ACTIVE, a.status());
        assertEquals("USD_ACCOUNT", a.accountType());
        assertEquals("021000021/123456789", a.primaryIdentifier(), "the number at its bank");
        assertEquals("acct-9", a.platformAccountId());
        assertEquals("FIRST_PARTY", a.ownershipType());
        assertFalse(a.defaultUmaDepositAccount());
        assertEquals(BeneficiaryVerificationStatus.PARTIAL_MATCH, a.beneficiaryVerification());
        assertEquals("JANE DOE", a.beneficiaryVerifiedName());
        assertEquals("021000021", a.accountInfo().get("routingNumber"));
        assertEquals(List.of(new FixedBeneficiaryVerifier.Call(Environment.SANDBOX, "USD_ACCOUNT",
                "021000021/123456789", "Jane Doe")), w.verifier.calls());
        assertEquals(a, w.externalAccountService.get(caller, a.id(), false));
    }

    @Test
    void a_business_beneficiary_is_checked_by_its_legal_name() {
        Map<String, Object> info = json("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000",
                "beneficiary", json("beneficiaryType", "BUSINESS", "legalName", "Acme GmbH"));

        create(json("customerId", jane.id().toString(), "currency", "EUR", "accountInfo", info));

        assertEquals("Acme GmbH", w.verifier.calls().get(0).beneficiaryName());
        assertEquals("DE89370400440532013000", w.verifier.calls().get(0).primaryIdentifier());
    }

    @Test
    void a_currency_not_matching_the_accountType_is_refused_naming_currency() {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> create(forCustomer(jane.id(), usdAccount("123456789"), "currency", "EUR")));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("currency"), fields(e));
        assertEquals(List.of(), customerAccounts());
        assertEquals(List.of(), w.verifier.calls(), "nothing is sent to the rail for an invalid request");
    }

    @Test
    void an_invalid_accountInfo_names_the_nested_field() {
        Map<String, Object> info = usdAccount("123456789");
        info.put("routingNumber", "12");

        InvalidInput e = assertThrows(InvalidInput.class, () -> create(forCustomer(jane.id(), info)));

        assertEquals(List.of("accountInfo.routingNumber"), fields(e));
    }

    @Test
    void the_lightning_alias_is_stored_as_LIGHTNING() {
        ExternalAccount a = create(json("customerId", jane.id().toString(), "currency", "BTC", "accountInfo",
                json("accountType", "LIGHTNING_ACCOUNT", "lightningAddress", "jane@wallet.example")));

        assertEquals("LIGHTNING", a.accountType());
        assertEquals("LIGHTNING", a.accountInfo().get("accountType"));
        assertEquals("jane@wallet.example", a.primaryIdentifier());
    }

    @Test
    void setting_defaultUmaDepositAccount_twice_leaves_only_the_newest_as_default() {
        ExternalAccount first = create(forCustomer(jane.id(), usdAccount("111111111"),
                "defaultUmaDepositAccount", true));
        w.clock.advance(Duration.ofMinutes(1));

        ExternalAccount second = create(forCustomer(jane.id(), usdAccount("222222222"),
                "defaultUmaDepositAccount", true));

        assertTrue(second.defaultUmaDepositAccount());
        ExternalAccount firstNow = w.externalAccountService.get(caller, first.id(), false);
        assertFalse(firstNow.defaultUmaDepositAccount());
        assertEquals(w.clock.now(), firstNow.updatedAt());
        assertEquals(List.of(second.id()), customerAccounts().stream()
                .filter(ExternalAccount::defaultUmaDepositAccount).map(ExternalAccount::id).toList());
    }

    @Test
    void a_new_default_of_one_customer_leaves_another_customers_default_alone() {
        Customer bob = w.customerService.create(caller, NewCustomer.fromJson(individual()));
        ExternalAccount bobs = create(forCustomer(bob.id(), usdAccount("333333333"), "defaultUmaDepositAccount", true));

        create(forCustomer(jane.id(), usdAccount("444444444"), "defaultUmaDepositAccount", true));

        assertTrue(w.externalAccountService.get(caller, bobs.id(), false).defaultUmaDepositAccount());
    }

    @Test
    void defaultUmaDepositAccount_needs_a_customer() {
        Map<String, Object> body = json("currency", "USD", "accountInfo", usdAccount("123456789"),
                "defaultUmaDepositAccount", true);

        InvalidInput e = assertThrows(InvalidInput.class, () -> create(body));

        assertEquals(List.of("defaultUmaDepositAccount"), fields(e));
    }

    @Test
    void the_platform_route_refuses_customerId_as_an_unknown_field() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> w.externalAccountService.create(caller,
                NewExternalAccount.fromJson(forCustomer(jane.id(), usdAccount("123456789")), true)));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("customerId"), fields(e));
    }

    @Test
    void the_platform_route_creates_a_platform_account_seen_only_on_that_route() {
        ExternalAccount a = w.externalAccountService.create(caller,
                NewExternalAccount.fromJson(json("currency", "USD", "accountInfo", usdAccount("123456789")), true));

        assertNull(a.customerId());
        assertTrue(a.isPlatformAccount());
        assertEquals(a, w.externalAccountService.get(caller, a.id(), true));
        assertEquals(List.of(a.id()), w.externalAccountService.list(caller, true, null, null,
                new PageRequest(10, null)).data().stream().map(ExternalAccount::id).toList());
        assertEquals(0, w.externalAccountService.list(caller, false, null, null, new PageRequest(10, null))
                .totalCount());
    }

    @Test
    void a_customers_account_is_not_found_on_the_platform_route() {
        ExternalAccount a = create(forCustomer(jane.id(), usdAccount("123456789")));

        NotFound e = assertThrows(NotFound.class, () -> w.externalAccountService.get(caller, a.id(), true));

        assertEquals("REFERENCE_NOT_FOUND", e.code());
        assertThrows(NotFound.class, () -> w.externalAccountService.delete(caller, a.id(), true));
        assertEquals(a, w.externalAccountService.get(caller, a.id(), false));
    }

    @Test
    void an_unknown_customer_is_USER_NOT_FOUND() {
        CustomerId nobody = CustomerId.parse("customerId", "Customer:99999999-0000-4000-8000-000000000000");

        NotFound e = assertThrows(NotFound.class, () -> create(forCustomer(nobody, usdAccount("123456789"))));

        assertEquals("USER_NOT_FOUND", e.code());
    }

    @Test
    void a_deleted_customer_or_one_of_another_platform_is_USER_NOT_FOUND() {
        Customer gone = w.customerService.create(caller, NewCustomer.fromJson(individual()));
        w.customerService.delete(caller, gone.id());
        Platform other = w.platform(Environment.SANDBOX, "other.example", "USD");
        Customer theirs = w.customerService.create(w.caller(other), NewCustomer.fromJson(individual()));

        assertEquals("USER_NOT_FOUND", assertThrows(NotFound.class,
                () -> create(forCustomer(gone.id(), usdAccount("123456789")))).code());
        assertEquals("USER_NOT_FOUND", assertThrows(NotFound.class,
                () -> create(forCustomer(theirs.id(), usdAccount("123456789")))).code());
    }

    @Test
    void a_malformed_customerId_is_an_invalid_field() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> create(json("customerId", "jane", "currency", "USD",
                "accountInfo", usdAccount("123456789"))));

        assertEquals(List.of("customerId"), fields(e));
    }

    @Test
    void the_same_account_twice_is_a_CONFLICT() {
        create(forCustomer(jane.id(), usdAccount("123456789")));

        Conflict e = assertThrows(Conflict.class, () -> create(forCustomer(jane.id(), usdAccount("123456789"))));

        assertEquals("CONFLICT", e.code());
        assertEquals(1, customerAccounts().size());
    }

    @Test
    void the_same_account_for_another_owner_or_after_deletion_is_allowed() {
        ExternalAccount first = create(forCustomer(jane.id(), usdAccount("123456789")));
        Customer bob = w.customerService.create(caller, NewCustomer.fromJson(individual()));
        create(forCustomer(bob.id(), usdAccount("123456789")));
        w.externalAccountService.create(caller, NewExternalAccount.fromJson(json("currency", "USD", "accountInfo",
                usdAccount("123456789")), true));

        w.externalAccountService.delete(caller, first.id(), false);
        ExternalAccount again = create(forCustomer(jane.id(), usdAccount("123456789")));

        assertEquals(List.of(again.id()), customerAccounts().stream().map(ExternalAccount::id).toList());
        assertThrows(NotFound.class, () -> w.externalAccountService.get(caller, first.id(), false));
    }

    @Test
    void creating_needs_MANAGE() {
        Caller viewer = w.caller(acme, Permission.VIEW, Permission.TRANSACT);

        assertThrows(Forbidden.class, () -> w.externalAccountService.create(viewer,
                NewExternalAccount.fromJson(forCustomer(jane.id(), usdAccount("123456789")), false)));
        assertEquals(List.of(), w.verifier.calls());
    }

    @Test
    void an_account_the_rail_reports_invalid_is_not_stored() {
        BeneficiaryVerifier refusing = (env, type, identifier, name) -> {
            throw new InvalidInput("INVALID_BANK_ACCOUNT", "invalid");
        };
        ExternalAccountService service = new ExternalAccountService(w.externalAccounts, w.customers, refusing,
                w.tx, w.clock, w.ids, w.events);

        InvalidInput e = assertThrows(InvalidInput.class,
                () -> service.create(caller, NewExternalAccount.fromJson(forCustomer(jane.id(),
                        usdAccount("123456105")),
                        false)));

        assertEquals("INVALID_BANK_ACCOUNT", e.code());
        assertEquals(List.of(), customerAccounts());
    }
}
