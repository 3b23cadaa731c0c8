package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;

class SandboxFundingInstructionsTest {
    private final SandboxFundingInstructions instructions = new SandboxFundingInstructions();

    private Map<?, ?> info(String currency, String depositType, long amountMinor) {
        var list = instructions.forQuote(Environment.SANDBOX, currency, depositType, amountMinor, "QT-ABC");
        assertEquals(1, list.size());
        return (Map<?, ?>) list.get(0).get("accountOrWalletInfo");
    }

    @Test
    void a_stablecoin_is_paid_to_an_address_on_the_network_the_quote_asked_for() {
        Map<?, ?> base = info("USDC", "BASE_WALLET", 1_000_000);
        assertEquals("BASE_WALLET", base.get("accountType"));
        assertEquals("USDC", base.get("assetType"));
        assertEquals("TRON_WALLET", info("USDT", "TRON_WALLET", 5).get("accountType"));
    }

    @Test
    void a_lightning_invoice_asks_for_the_satoshis_in_bolt11_nano_bitcoin() {
        // 1,234 sat = 12,340 nBTC ("n" is 10^-9 BTC, a tenth of a satoshi).
        assertEquals("lnbcrt12340n1sandboxqt-abc", info("BTC", "LIGHTNING", 1_234).get("invoice"));
        assertEquals("SPARK_WALLET", info("BTC", "SPARK_WALLET", 1_234).get("accountType"));
    }

    @Test
    void accounts_made_in_the_same_millisecond_get_different_deposit_details() {
        // Time-ordered ids of one millisecond share their leading digits; only the random bits differ.
        var first = account(UUID.fromString("0190f5a2-1b3c-7000-8000-000000000001"), "USD");
        var second = account(UUID.fromString("0190f5a2-1b3c-7000-9000-000000000002"), "USD");

        assertNotEquals(first.get("accountNumber"), second.get("accountNumber"));
        assertNotEquals(first.get("reference"), second.get("reference"));
        assertEquals(first, account(UUID.fromString("0190f5a2-1b3c-7000-8000-000000000001"), "USD"), "stable");
        assertNotEquals(account(UUID.fromString("0190f5a2-1b3c-7000-8000-000000000001"), "USDC").get("address"),
                account(UUID.fromString("0190f5a2-1b3c-7000-9000-000000000002"), "USDC").get("address"));
    }

    private Map<?, ?> account(UUID id, String currency) {
        var account = new InternalAccount(new InternalAccountId(id), null, currency,
                InternalAccountType.INTERNAL_FIAT, InternalAccountStatus.ACTIVE, 0, 0, null, Instant.EPOCH,
                Instant.EPOCH);
        return (Map<?, ?>) instructions.forAccount(new PlatformId(UUID.randomUUID()),
                Environment.SANDBOX, account).get(0).get("accountOrWalletInfo");
    }

    @Test
    void fiat_gets_bank_details() {
        assertEquals("USD_ACCOUNT", info("USD", null, 100).get("accountType"));
    }
}
