package payments.ports.customer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.business;
import static payments.ports.World.businessInfo;
import static payments.ports.World.fields;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerSchemas;
import payments.core.customer.CustomerType;
import payments.core.error.Conflict;
import payments.core.error.Forbidden;
import payments.core.error.Gone;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.World;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;

class CustomerServiceTest {
    private final World w = new World();
    private final Platform acme = w.sandbox();
    private final Caller manager = w.caller(acme);

    private Customer create(Map<String, Object> body) {
        return w.customerService.create(manager, NewCustomer.fromJson(body));
    }

    private List<InternalAccount> accountsOf(Customer c) {
        return w.internalAccounts.listOwnedBy(acme.id(), c.id());
    }

    private static CustomerFilter all() {
        return new CustomerFilter(null, null, null, null, null, null, null, null, null, false);
    }

    // ---- create ----

    @Test
    void creating_an_individual_keeps_the_typed_fields_and_the_profile() {
        Customer c = create(individual("platformCustomerId", "user-1", "email", "jane@example.com",
                "phoneNumber", "+14155550100", "region", "US", "kycStatus", "APPROVED"));

        assertEquals(CustomerType.INDIVIDUAL, c.type());
        assertEquals(acme.id(), c.platformId());
        assertEquals("user-1", c.platformCustomerId());
        assertEquals("jane@example.com", c.email());
        assertEquals("+14155550100", c.phoneNumber());
        assertEquals("US", c.region());
        assertEquals("APPROVED", c.verificationStatus());
        assertEquals("Jane Doe", c.details().get("fullName"));
        assertEquals(Map.of("line1", "1 Main St", "postalCode", "94105", "country", "US"), c.details().get("address"));
        assertFalse(c.details().containsKey("email"), "typed fields are not repeated in the profile");
        assertFalse(c.details().containsKey("kycStatus"));
        assertEquals(w.clock.now(), c.createdAt());
        assertEquals(w.clock.now(), c.updatedAt());
        assertNull(c.deletedAt());
        assertEquals(c, w.customerService.get(manager, c.id()));
    }

    @Test
    void verification_status_starts_pending_when_the_body_does_not_set_it() {
        assertEquals("PENDING", create(individual()).verificationStatus());
        assertEquals("PENDING", create(business()).verificationStatus());
    }

    @Test
    void creating_a_business_keeps_its_businessInfo_and_kybStatus() {
        Customer c = create(business("kybStatus", "REJECTED"));

        assertEquals(CustomerType.BUSINESS, c.type());
        assertEquals("REJECTED", c.verificationStatus());
        assertEquals(businessInfo(), c.details().get("businessInfo"));
    }

    @Test
    void creating_a_business_without_businessInfo_is_refused() {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> create(json("customerType", "BUSINESS", "platformCustomerId", "b-1")));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("businessInfo"), fields(e));
        assertEquals(0, w.customers.list(acme.id(), all(), new PageRequest(10, null)).totalCount());
    }

    @Test
    void a_business_field_on_an_individual_is_an_unknown_field() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> create(individual("businessInfo", businessInfo())));

        assertEquals(List.of("businessInfo"), fields(e));
    }

    @Test
    void creating_a_customer_opens_one_internal_account_per_enabled_currency() {
        Customer c = create(individual("currencies", List.of("EUR", "USD", "EUR")));

        assertEquals(List.of("EUR", "USD"), c.currencies(), "duplicates are kept once");
        List<InternalAccount> accounts = accountsOf(c);
        assertEquals(List.of("EUR", "USD"), accounts.stream().map(InternalAccount::currency).sorted().toList());
        for (InternalAccount a : accounts) {
            assertEquals(c.id(), a.customerId());
            assertEquals(InternalAccountType.INTERNAL_FIAT, a.type());
            assertEquals(0, a.availableMinor());
        }
    }

    @Test
    void a_crypto_currency_gets_an_internal_crypto_account() {
        Platform p = w.platform(Environment.SANDBOX, "coins.example", "USD", "USDC");
        Customer c = w.customerService.create(w.caller(p), NewCustomer.fromJson(individual("currencies",
                List.of("USDC"))));

        List<InternalAccount> accounts = w.internalAccounts.listOwnedBy(p.id(), c.id());
        assertEquals(1, accounts.size());
        assertEquals(InternalAccountType.INTERNAL_CRYPTO, accounts.get(0).type());
    }

    @Test
    void an_omitted_platformCustomerId_is_generated_from_the_customer_id() {
        Customer c = create(individual());

        assertEquals(c.id().value().toString(), c.platformCustomerId());
    }

    @Test
    void an_omitted_umaAddress_is_generated_on_the_platforms_umaDomain() {
        Customer c = create(individual());
        Customer other = create(individual());

        assertTrue(c.umaAddress().endsWith("@acme.example"), c.umaAddress());
        assertTrue(Pattern.matches(CustomerSchemas.UMA_ADDRESS_PATTERN, c.umaAddress()), c.umaAddress());
        assertFalse(c.umaAddress().equals(other.umaAddress()), "each customer gets its own address");
    }

    @Test
    void omitted_currencies_default_to_the_platforms_currencies() {
        Customer c = create(individual());

        assertEquals(List.of("USD", "EUR"), c.currencies());
        assertEquals(2, accountsOf(c).size());
    }

    @Test
    void a_currency_the_platform_does_not_support_is_refused_with_INVALID_CURRENCY() {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> create(individual("currencies", List.of("USD", "GBP"))));

        assertEquals("INVALID_CURRENCY", e.code());
        assertEquals("GBP", e.details().get("currency"));
        assertEquals(0, w.customers.list(acme.id(), all(), new PageRequest(10, null)).totalCount());
    }

    @Test
    void a_currency_code_nobody_knows_is_an_invalid_field_naming_its_index() {
        InvalidInput e = assertThrows(InvalidInput.class,
                () -> create(individual("currencies", List.of("USD", "XYZ"))));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("currencies[1]"), fields(e));
    }

    @Test
    void a_platformCustomerId_held_by_an_active_customer_is_a_CONFLICT() {
        create(individual("platformCustomerId", "user-1"));

        Conflict e = assertThrows(Conflict.class, () -> create(business("platformCustomerId", "user-1")));

        assertEquals("CONFLICT", e.code());
    }

    @Test
    void an_umaAddress_held_by_an_active_customer_is_UMA_ADDRESS_EXISTS() {
        create(individual("umaAddress", "$jane@acme.example"));

        Conflict e = assertThrows(Conflict.class, () -> create(individual("umaAddress", "$jane@acme.example")));

        assertEquals("UMA_ADDRESS_EXISTS", e.code());
    }

    @Test
    void another_platform_may_use_the_same_platformCustomerId_and_name_on_its_own_domain() {
        create(individual("platformCustomerId", "user-1", "umaAddress", "$jane@acme.example"));
        Platform other = w.platform(Environment.SANDBOX, "other.example", "USD");

        Customer c = w.customerService.create(w.caller(other),
                NewCustomer.fromJson(individual("platformCustomerId", "user-1", "umaAddress", "$jane@other.example")));

        assertEquals(other.id(), c.platformId());
        assertEquals(List.of("umaAddress"), fields(assertThrows(InvalidInput.class, () -> w.customerService.create(
                w.caller(other), NewCustomer.fromJson(individual("umaAddress", "$jane@acme.example"))))),
                        "not on another's domain");
    }

    @Test
    void a_deleted_customer_frees_its_platformCustomerId_and_umaAddress() {
        Customer first = create(individual("platformCustomerId", "user-1", "umaAddress", "$jane@acme.example"));
        w.customerService.delete(manager, first.id());

        Customer second = create(individual("platformCustomerId", "user-1", "umaAddress", "$jane@acme.example"));

        assertNotNull(second);
        assertFalse(second.id().equals(first.id()));
        assertTrue(w.customerService.get(manager, first.id()).isDeleted(), "the deleted one stays readable");
    }

    @Test
    void other_purpose_without_its_description_is_refused() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> create(individual("purposeOfAccount", "OTHER")));
        assertEquals(List.of("purposeOfAccountOtherDescription"), fields(e));

        Customer ok = create(individual("purposeOfAccount", "OTHER",
                "purposeOfAccountOtherDescription", "Paying my band"));
        assertEquals("OTHER", ok.details().get("purposeOfAccount"));
    }

    @Test
    void other_source_of_funds_of_a_business_without_its_description_is_refused() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> create(json("customerType", "BUSINESS",
                "businessInfo", businessInfo("sourceOfFundsCategories", List.of("LOANS", "OTHER")))));

        assertEquals(List.of("businessInfo.sourceOfFundsOtherDescription"), fields(e));
    }

    // ---- update ----

    @Test
    void update_merges_businessInfo_field_by_field() {
        Customer c = create(business());

        Customer updated = w.updateCustomer(manager, c.id(), json("customerType", "BUSINESS",
                "businessInfo", json("legalName", "Acme Holdings", "naicsCode", "5112")));

        @SuppressWarnings("unchecked")
        Map<String, Object> info = (Map<String, Object>) updated.details().get("businessInfo");
        assertEquals("Acme Holdings", info.get("legalName"));
        assertEquals("5112", info.get("naicsCode"));
        assertEquals("12-3456789", info.get("taxId"), "fields not in the update are kept");
        assertEquals("Acme", info.get("doingBusinessAs"));
        assertEquals(updated, w.customerService.get(manager, c.id()));
    }

    @Test
    void update_replaces_the_given_fields_and_keeps_the_rest() {
        Customer c = create(individual("platformCustomerId", "user-1", "email", "old@example.com", "region", "US"));
        w.clock.advance(Duration.ofMinutes(5));

        Customer updated = w.updateCustomer(manager, c.id(), json("customerType", "INDIVIDUAL",
                "phoneNumber", "+15555550199", "fullName", "Jane Roe"));

        assertEquals("+15555550199", updated.phoneNumber());
        assertEquals("old@example.com", updated.email());
        assertEquals("Jane Roe", updated.details().get("fullName"));
        assertEquals("1990-01-31", updated.details().get("birthDate"));
        assertEquals("user-1", updated.platformCustomerId());
        assertEquals("US", updated.region());
        assertEquals(c.umaAddress(), updated.umaAddress());
        assertEquals(c.createdAt(), updated.createdAt());
        assertEquals(w.clock.now(), updated.updatedAt());
    }

    @Test
    void a_wallets_secret_is_32_random_bytes_not_made_of_ids() {
        List<byte[]> seeds = new ArrayList<>();
        for (String email : List.of("a@example.com", "b@example.com")) {
            InternalAccount wallet = accountsOf(create(individual("email", email))).stream()
                    .filter(a -> a.type() == InternalAccountType.EMBEDDED_WALLET)
                    .findFirst().orElseThrow();
            seeds.add(w.walletSecrets.find(acme.id(), wallet.id()).orElseThrow());
        }
        assertEquals(32, seeds.get(0).length);
        assertFalse(Arrays.equals(seeds.get(0), seeds.get(1)));
        for (byte[] seed : seeds) { // the service's first half-wallet-secret used to be an id it handed out
            ByteBuffer head = ByteBuffer.wrap(seed, 0, 16);
            UUID asId = new UUID(head.getLong(), head.getLong());
            assertFalse(asId.version() == 4 && asId.getMostSignificantBits() >>> 32 <= w.ids.issued(), asId::toString);
        }
    }

    @Test
    void changing_an_email_tied_to_a_wallet_credential_needs_a_signed_retry_and_changes_nothing_yet() {
        Customer c = create(individual("platformCustomerId", "user-2", "email", "old@example.com"));
        var outcome = w.customerService.update(manager, c.id(), CustomerUpdate.fromJson(json("customerType",
                "INDIVIDUAL",
                "email", "new@example.com")), new SignedCall("PATCH", "/customers/" + c.id(),
                new byte[0], null, null));
        assertTrue(outcome instanceof SignedOutcome.Challenge<?>);
        assertEquals("old@example.com", w.customerService.get(manager, c.id()).email());
    }

    @Test
    void update_refuses_changing_the_customerType() {
        Customer c = create(individual());

        InvalidInput e = assertThrows(InvalidInput.class,
                () -> w.updateCustomer(manager, c.id(), json("customerType", "BUSINESS")));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("customerType"), fields(e));
        assertEquals(CustomerType.INDIVIDUAL, w.customerService.get(manager, c.id()).type());
    }

    @Test
    void update_refuses_platformCustomerId_as_an_unknown_field() {
        Customer c = create(individual("platformCustomerId", "user-1"));

        InvalidInput e = assertThrows(InvalidInput.class, () -> w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "platformCustomerId", "user-2")));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("platformCustomerId"), fields(e));
        assertEquals("user-1", w.customerService.get(manager, c.id()).platformCustomerId());
    }

    @Test
    void update_to_an_umaAddress_held_by_another_customer_is_UMA_ADDRESS_EXISTS() {
        create(individual("umaAddress", "$taken@acme.example"));
        Customer c = create(individual());

        Conflict e = assertThrows(Conflict.class, () -> w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "umaAddress", "$taken@acme.example")));

        assertEquals("UMA_ADDRESS_EXISTS", e.code());
    }

    @Test
    void update_adding_a_currency_opens_an_internal_account_for_it() {
        Customer c = create(individual("currencies", List.of("USD")));

        Customer updated = w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "currencies", List.of("USD", "EUR")));

        assertEquals(List.of("USD", "EUR"), updated.currencies());
        assertEquals(List.of("EUR", "USD"), accountsOf(c).stream().map(InternalAccount::currency).sorted().toList());
    }

    @Test
    void update_to_an_unsupported_currency_is_INVALID_CURRENCY() {
        Customer c = create(individual("currencies", List.of("USD")));

        InvalidInput e = assertThrows(InvalidInput.class, () -> w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "currencies", List.of("MXN"))));

        assertEquals("INVALID_CURRENCY", e.code());
    }

    @Test
    void update_checks_other_descriptions_against_the_merged_profile() {
        Customer c = create(individual("sourceOfFundsOtherDescription", "Lottery"));

        Customer updated = w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "sourceOfFundsCategories", List.of("OTHER")));

        assertEquals(List.of("OTHER"), updated.details().get("sourceOfFundsCategories"));
        InvalidInput e = assertThrows(InvalidInput.class, () -> w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "sourceOfWealthCategories", List.of("SALARY", "OTHER"))));
        assertEquals(List.of("sourceOfWealthOtherDescription"), fields(e));
    }

    @Test
    void updating_a_deleted_customer_is_USER_NOT_FOUND() {
        Customer c = create(individual());
        w.customerService.delete(manager, c.id());

        NotFound e = assertThrows(NotFound.class, () -> w.updateCustomer(manager, c.id(),
                json("customerType", "INDIVIDUAL", "fullName", "Ghost")));

        assertEquals("USER_NOT_FOUND", e.code());
    }

    // ---- delete ----

    @Test
    void delete_marks_the_customer_deleted_and_deleting_twice_is_Gone_CUSTOMER_DELETED() {
        Customer c = create(individual());
        w.clock.advance(Duration.ofHours(1));

        Customer deleted = w.customerService.delete(manager, c.id());

        assertTrue(deleted.isDeleted());
        assertEquals(w.clock.now(), deleted.deletedAt());
        assertEquals(w.clock.now(), deleted.updatedAt());
        Gone e = assertThrows(Gone.class, () -> w.customerService.delete(manager, c.id()));
        assertEquals("CUSTOMER_DELETED", e.code());
    }

    @Test
    void deleting_an_unknown_customer_is_USER_NOT_FOUND() {
        NotFound e = assertThrows(NotFound.class,
                () -> w.customerService.delete(manager, new CustomerId(UUID.randomUUID())));

        assertEquals("USER_NOT_FOUND", e.code());
    }

    // ---- permissions and tenancy ----

    @Test
    void a_token_without_MANAGE_can_read_but_not_create_update_or_delete() {
        Customer c = create(individual());
        Caller viewer = w.caller(acme, Permission.VIEW, Permission.TRANSACT);

        assertEquals(c, w.customerService.get(viewer, c.id()));
        assertEquals("FORBIDDEN", assertThrows(Forbidden.class,
                () -> w.customerService.create(viewer, NewCustomer.fromJson(individual()))).code());
        assertThrows(Forbidden.class, () -> w.updateCustomer(viewer, c.id(),
                json("customerType", "INDIVIDUAL", "fullName", "X")));
        assertThrows(Forbidden.class, () -> w.customerService.delete(viewer, c.id()));
        assertFalse(w.customerService.get(viewer, c.id()).isDeleted());
    }

    @Test
    void a_token_without_VIEW_cannot_read() {
        Customer c = create(individual());
        Caller manageOnly = w.caller(acme, Permission.MANAGE);

        assertThrows(Forbidden.class, () -> w.customerService.get(manageOnly, c.id()));
        assertThrows(Forbidden.class, () -> w.customerService.list(manageOnly, all(), new PageRequest(10, null)));
    }

    @Test
    void a_customer_of_another_platform_is_USER_NOT_FOUND() {
        Customer c = create(individual());
        Caller stranger = w.caller(w.platform(Environment.SANDBOX, "other.example", "USD"));

        assertEquals("USER_NOT_FOUND",
                assertThrows(NotFound.class, () -> w.customerService.get(stranger, c.id())).code());
        assertEquals("USER_NOT_FOUND", assertThrows(NotFound.class, () -> w.updateCustomer(stranger,
                c.id(), json("customerType", "INDIVIDUAL", "fullName", "Mallory"))).code());
        assertEquals("USER_NOT_FOUND",
                assertThrows(NotFound.class, () -> w.customerService.delete(stranger, c.id())).code());
        assertEquals(0, w.customerService.list(stranger, all(), new PageRequest(10, null)).totalCount());
        assertEquals("Jane Doe", w.customerService.get(manager, c.id()).details().get("fullName"));
    }

    // ---- list ----

    @Test
    void the_list_is_newest_first_and_pages_with_its_cursor() {
        Customer a = create(individual());
        w.clock.advance(Duration.ofSeconds(1));
        Customer b = create(individual());
        Customer c = create(individual()); // same instant as b: the larger id comes first
        w.clock.advance(Duration.ofSeconds(1));
        Customer d = create(individual());

        Page<Customer> first = w.customerService.list(manager, all(), new PageRequest(3, null));
        assertEquals(List.of(d.id(), c.id(), b.id()), first.data().stream().map(Customer::id).toList());
        assertTrue(first.hasMore());
        assertEquals(4, first.totalCount());

        Page<Customer> second = w.customerService.list(manager, all(), new PageRequest(3, first.nextCursor()));
        assertEquals(List.of(a.id()), second.data().stream().map(Customer::id).toList());
        assertFalse(second.hasMore());
        assertNull(second.nextCursor());
        assertEquals(4, second.totalCount());
    }

    @Test
    void the_list_filters_by_type_currency_and_deletion() {
        Customer person = create(individual("currencies", List.of("USD")));
        Customer company = create(business("currencies", List.of("EUR")));
        Customer gone = create(individual("currencies", List.of("EUR")));
        w.customerService.delete(manager, gone.id());

        assertEquals(List.of(person.id()), ids(new CustomerFilter(null, CustomerType.INDIVIDUAL, null, null, null,
                null, null, null, null, false)));
        assertEquals(List.of(company.id()), ids(new CustomerFilter(null, null, null, null, null, null, null,
                "EUR", null, false)));
        assertEquals(List.of(gone.id(), company.id()), ids(new CustomerFilter(null, null, null, null, null, null,
                null, "EUR", null, true)));
    }

    private List<CustomerId> ids(CustomerFilter filter) {
        return w.customerService.list(manager, filter, new PageRequest(100, null)).data().stream()
                .map(Customer::id).toList();
    }
}
