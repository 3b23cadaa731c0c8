package payments.ports.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.ports.World.fields;
import static payments.ports.World.json;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotImplemented;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.World;
import payments.ports.customer.NewCustomer;

class PlatformServiceTest {
    private final World w = new World();

    private PlatformService.CreatedPlatform sandbox() {
        return w.platformService.ensureDefaultSandbox("sandbox.example", List.of("USD", "EUR", "USDC"))
                .orElseThrow();
    }

    private List<String> platformAccountCurrencies(Platform p) {
        return w.internalAccounts.listOwnedBy(p.id(), null).stream().map(InternalAccount::currency).sorted()
                .toList();
    }

    private static Map<String, Object> currency(String code, long min, long max) {
        return json("currencyCode", code, "minAmount", min, "maxAmount", max,
                "requiredCounterpartyFields", List.of(json("name", "FULL_NAME", "mandatory", true)),
                "enabledTransactionTypes", List.of("OUTGOING"));
    }

    // ---- the default sandbox ----

    @Test
    void ensureDefaultSandbox_creates_the_platform_once() {
        PlatformService.CreatedPlatform created = sandbox();

        Platform p = created.platform();
        assertEquals(PlatformService.DEFAULT_SANDBOX, p.id());
        assertEquals(Environment.SANDBOX, p.environment());
        assertEquals("sandbox.example", p.config().umaDomain());
        assertEquals(List.of("USD", "EUR", "USDC"), p.config().currencyCodes());
        assertEquals(Optional.of(p), w.platforms.find(PlatformService.DEFAULT_SANDBOX));

        assertEquals(Optional.empty(),
                w.platformService.ensureDefaultSandbox("other.example", List.of("MXN")));
        assertEquals(1, w.platforms.count());
        assertEquals("sandbox.example", w.platforms.find(p.id()).orElseThrow().config().umaDomain());
    }

    @Test
    void the_default_sandbox_comes_with_a_first_token_that_may_do_everything() {
        PlatformService.CreatedPlatform created = sandbox();

        IssuedToken first = created.firstToken();
        Caller caller = w.tokens.authenticate(first.token().id().value().toString(), first.secret());
        assertEquals(PlatformService.DEFAULT_SANDBOX, caller.platformId());
        assertEquals(Environment.SANDBOX, caller.environment());
        assertEquals(EnumSet.allOf(Permission.class), caller.permissions());
    }

    @Test
    void the_default_sandbox_gets_one_platform_internal_account_per_currency() {
        Platform p = sandbox().platform();

        assertEquals(List.of("EUR", "USD", "USDC"), platformAccountCurrencies(p));
        List<InternalAccount> accounts = w.internalAccounts.listOwnedBy(p.id(), null);
        assertTrue(accounts.stream().allMatch(InternalAccount::isPlatformAccount));
        assertEquals(InternalAccountType.INTERNAL_CRYPTO, accounts.stream()
                .filter(a -> a.currency().equals("USDC")).findFirst().orElseThrow().type());
    }

    @Test
    void create_makes_a_platform_with_its_own_id_accounts_and_token() {
        PlatformService.CreatedPlatform created =
                w.platformService.create("Live", Environment.PRODUCTION, "live.example", List.of("GBP"));

        Platform p = created.platform();
        assertTrue(!p.id().equals(PlatformService.DEFAULT_SANDBOX));
        assertEquals(List.of("GBP"), platformAccountCurrencies(p));
        assertEquals(Environment.PRODUCTION,
                w.tokens.authenticate(created.firstToken().token().id().toString(), created.firstToken().secret())
                        .environment());
    }

    // ---- configuration ----

    @Test
    void config_reads_the_callers_platform_with_VIEW() {
        Platform p = sandbox().platform();

        assertEquals(p, w.platformService.config(w.caller(p, Permission.VIEW)));
        assertThrows(Forbidden.class, () -> w.platformService.config(w.caller(p, Permission.MANAGE)));
    }

    @Test
    void updateConfig_patches_only_the_given_fields() {
        Platform p = sandbox().platform();
        w.clock.advance(Duration.ofMinutes(1));

        Platform updated = w.platformService.updateConfig(w.caller(p),
                ConfigUpdate.fromJson(json("webhookEndpoint", "https://hooks.example.com/payments")));

        PlatformConfig c = updated.config();
        assertEquals("https://hooks.example.com/payments", c.webhookEndpoint());
        assertEquals("sandbox.example", c.umaDomain());
        assertEquals(p.config().supportedCurrencies(), c.supportedCurrencies());
        assertEquals(p.config().feeConfigs(), c.feeConfigs());
        assertNull(c.embeddedWalletConfig());
        assertEquals(p.createdAt(), updated.createdAt());
        assertEquals(w.clock.now(), updated.updatedAt());
        assertEquals(updated, w.platforms.find(p.id()).orElseThrow());

        Platform again = w.platformService.updateConfig(w.caller(p), ConfigUpdate.fromJson(json("umaDomain",
                "pay.example")));
        assertEquals("pay.example", again.config().umaDomain());
        assertEquals("https://hooks.example.com/payments", again.config().webhookEndpoint());
    }

    @Test
    void adding_a_currency_opens_a_platform_internal_account_for_it() {
        Platform p = sandbox().platform();

        Platform updated = w.platformService.updateConfig(w.caller(p), ConfigUpdate.fromJson(json("supportedCurrencies",
                List.of(currency("USD", 1, 1_000_000), currency("EUR", 1, 1_000_000), currency("USDC", 1, 10),
                        currency("MXN", 100, 5_000_000)))));

        assertEquals(List.of("USD", "EUR", "USDC", "MXN"), updated.config().currencyCodes());
        assertEquals(List.of("EUR", "MXN", "USD", "USDC"), platformAccountCurrencies(p),
                "one new account, none duplicated");
        Map<String, Object> mxn = updated.config().supportedCurrencies().get(3);
        assertEquals(100L, mxn.get("minAmount"));
        assertEquals(List.of("OUTGOING"), mxn.get("enabledTransactionTypes"));
    }

    @Test
    void customers_may_use_a_currency_once_the_platform_adds_it() {
        Platform p = sandbox().platform();
        Caller caller = w.caller(p);
        assertEquals("INVALID_CURRENCY", assertThrows(InvalidInput.class, () -> w.customerService.create(caller,
                NewCustomer.fromJson(World.individual("currencies", List.of("MXN"))))).code());

        w.platformService.updateConfig(caller, ConfigUpdate.fromJson(json("supportedCurrencies",
                List.of(currency("MXN", 1, 10)))));

        assertEquals(List.of("MXN"),
                w.customerService.create(caller, NewCustomer.fromJson(World.individual("currencies",
                        List.of("MXN")))).currencies());
    }

    @Test
    void duplicate_currency_codes_are_refused() {
        Platform p = sandbox().platform();

        InvalidInput e = assertThrows(InvalidInput.class, () -> w.platformService.updateConfig(w.caller(p),
                ConfigUpdate.fromJson(json("supportedCurrencies", List.of(currency("USD", 1, 10), currency("USD", 1,
                        20))))));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of("supportedCurrencies[1].currencyCode"), fields(e));
        assertEquals(p.config(), w.platforms.find(p.id()).orElseThrow().config());
    }

    @Test
    void a_minAmount_above_the_maxAmount_is_refused() {
        Platform p = sandbox().platform();

        InvalidInput e = assertThrows(InvalidInput.class, () -> w.platformService.updateConfig(w.caller(p),
                ConfigUpdate.fromJson(json("supportedCurrencies", List.of(currency("USD", 1, 10), currency("EUR", 11,
                        10))))));

        assertEquals(List.of("supportedCurrencies[1].minAmount"), fields(e));
        w.platformService.updateConfig(w.caller(p),
                ConfigUpdate.fromJson(json("supportedCurrencies", List.of(currency("EUR", 10,
                        10))))); // equal bounds are fine
    }

    @Test
    void a_negative_amount_or_a_missing_currency_field_is_an_invalid_field() {
        Platform p = sandbox().platform();
        Map<String, Object> bad = currency("USD", -1, 10);
        bad.remove("enabledTransactionTypes");

        InvalidInput e = assertThrows(InvalidInput.class,
                () -> w.platformService.updateConfig(w.caller(p), ConfigUpdate.fromJson(json("supportedCurrencies",
                        List.of(bad)))));

        assertEquals(List.of("supportedCurrencies[0].minAmount", "supportedCurrencies[0].enabledTransactionTypes"),
                fields(e));
    }

    @Test
    void a_fee_config_for_a_non_USD_source_is_not_implemented() {
        Platform p = sandbox().platform();
        Map<String, Object> fee = json("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "EUR",
                "variableFeeBps", 25L, "fixedFee", json("amount", 10L, "currency", "EUR"));

        NotImplemented e = assertThrows(NotImplemented.class,
                () -> w.platformService.updateConfig(w.caller(p), ConfigUpdate.fromJson(json("feeConfigs",
                        List.of(fee)))));

        assertEquals("NOT_IMPLEMENTED", e.code());
        assertEquals(List.of(), w.platforms.find(p.id()).orElseThrow().config().feeConfigs());
    }

    @Test
    void a_USD_fee_config_is_kept() {
        Platform p = sandbox().platform();
        Map<String, Object> fee = json("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 25L, "fixedFee", json("amount", 10L, "currency", "USD"));

        Platform updated = w.platformService.updateConfig(w.caller(p), ConfigUpdate.fromJson(json("feeConfigs",
                List.of(fee))));

        assertEquals(List.of(fee), updated.config().feeConfigs());
    }

    @Test
    void updateConfig_needs_MANAGE_and_refuses_fields_that_cannot_be_changed() {
        Platform p = sandbox().platform();

        assertThrows(Forbidden.class, () -> w.platformService.updateConfig(w.caller(p, Permission.VIEW),
                ConfigUpdate.fromJson(json("umaDomain", "x.example"))));
        InvalidInput e = assertThrows(InvalidInput.class, () -> w.platformService.updateConfig(w.caller(p),
                ConfigUpdate.fromJson(json("proxyUmaSubdomain", "proxy", "isRegulatedFinancialInstitution", true))));
        assertEquals(List.of("proxyUmaSubdomain", "isRegulatedFinancialInstitution"), fields(e));
    }
}
