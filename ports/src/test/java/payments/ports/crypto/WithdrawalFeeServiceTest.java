package payments.ports.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.ports.World.json;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.crypto.CryptoNetwork;
import payments.core.error.DomainError;
import payments.core.error.Forbidden;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.fx.WithdrawalFee;
import payments.core.id.InternalAccountId;
import payments.core.money.Currencies;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.World;
import payments.ports.driven.crypto.NetworkFees;
import payments.ports.driven.fx.FxRates;

class WithdrawalFeeServiceTest {
    private final World w = new World();
    /** USDC per ETH, spread included; the provider charges 10 bps to move a currency into itself. */
    private final FxRates rates = new FxRates() {
        @Override
        public Optional<ExchangeRate> rate(Environment environment, String sending, String receiving, Instant now) {
            return sending.equals("USDC") && receiving.equals("ETH") ? Optional.of(new ExchangeRate(
                    Currencies.of("USDC"), CryptoNetwork.ETHEREUM.nativeAsset(), new BigDecimal("3517.5"), now))
                    : Optional.empty();
        }

        @Override
        public Fees providerFees(Environment environment, String sending, String receiving) {
            return new Fees(0, 10);
        }
    };
    /** 0.000002 ETH on every network. */
    private final NetworkFees networkFees = (environment, network, currency) -> 2_000_000_000_000L;
    private final WithdrawalFeeService service = new WithdrawalFeeService(w.internalAccounts, w.platforms, rates,
            networkFees, w.platformClock);

    private Platform platform() {
        Platform p = w.platform(Environment.SANDBOX, "fees.example", "USD", "USDC");
        // Fee configs of a USDC source: PATCH /config takes only USD ones today, the rule takes any.
        Platform withFees = p.withConfig(new PlatformConfig("fees.example", null, null,
                p.config().supportedCurrencies(), false, null, null, List.of(json("feeType",
                "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USDC", "variableFeeBps", 90L, "fixedFee",
                json("amount", 250_000L, "currency", "USDC")))), p.updatedAt());
        w.platforms.update(withFees);
        return withFees;
    }

    private InternalAccountId account(Platform platform, String currency) {
        var id = new InternalAccountId(UUID.randomUUID());
        w.internalAccounts.open(platform.id(), new InternalAccount(id, null, currency,
                InternalAccountType.INTERNAL_CRYPTO, InternalAccountStatus.ACTIVE, 0, 0, null, w.clock.now(),
                w.clock.now()));
        return id;
    }

    private static CryptoWithdrawal withdrawal(InternalAccountId source, String currency, long amount) {
        return new CryptoWithdrawal(source, currency, CryptoNetwork.BASE, amount, "0xabc");
    }

    @Test
    void prices_the_withdrawal_from_the_platforms_fee_configs_and_the_network_fee() {
        Platform platform = platform();
        WithdrawalFee fee = service.estimate(w.caller(platform, Permission.VIEW),
                withdrawal(account(platform, "USDC"), "USDC", 100_000_000));
        // 0.25 USDC fixed + (10 + 90) bps of 100 USDC = 1.25 USDC; the network's 0.000002 ETH = 0.007035 USDC.
        assertEquals(new WithdrawalFee(2_000_000_000_000L, "ETH", 1_250_000, 1_257_035, 98_742_965), fee);
    }

    @Test
    void needs_view() {
        Platform platform = platform();
        assertThrows(Forbidden.class, () -> service.estimate(w.caller(platform, Permission.TRANSACT,
                Permission.MANAGE), withdrawal(account(platform, "USDC"), "USDC", 100_000_000)));
    }

    @Test
    void another_platforms_account_is_not_found() {
        Platform mine = platform();
        Platform theirs = platform();
        DomainError e = assertThrows(NotFound.class, () -> service.estimate(w.caller(mine),
                withdrawal(account(theirs, "USDC"), "USDC", 100_000_000)));
        assertEquals("REFERENCE_NOT_FOUND", e.code());
    }

    @Test
    void the_currency_must_be_the_accounts() {
        Platform platform = platform();
        InternalAccountId usdt = account(platform, "USDT");
        DomainError e = assertThrows(InvalidInput.class, () -> service.estimate(w.caller(platform),
                withdrawal(usdt, "USDC", 100_000_000)));
        assertEquals("INVALID_CURRENCY", e.code());
        assertEquals("USDT", e.details().get("currency"));
    }

    @Test
    void a_destination_its_network_cannot_take_is_400_before_any_account_is_read() {
        Platform platform = platform();
        var unknown = new InternalAccountId(UUID.randomUUID());
        DomainError e = assertThrows(InvalidInput.class, () -> service.estimate(w.caller(platform),
                new CryptoWithdrawal(unknown, "BTC", CryptoNetwork.BASE, 1_000, "0xabc")));
        assertEquals(List.of("cryptoNetwork"), World.fields(e));
    }

    @Test
    void the_command_reads_the_body_naming_every_invalid_field() {
        CryptoWithdrawal read = CryptoWithdrawal.fromJson(json("internalAccountId",
                "InternalAccount:00000000-0000-4000-8000-000000000001", "currency", "USDC", "cryptoNetwork", "SOLANA",
                "amount", 5L, "destinationAddress", "So1ana"));
        assertEquals(CryptoNetwork.SOLANA, read.network());
        assertEquals(5L, read.amount());
        DomainError e = assertThrows(InvalidInput.class, () -> CryptoWithdrawal.fromJson(json("internalAccountId",
                "x", "currency", "ZZZ", "cryptoNetwork", "DOGECOIN", "amount", 0L)));
        assertEquals(List.of("currency", "cryptoNetwork", "amount", "destinationAddress"), World.fields(e));
    }
}
