package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
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
    void fiat_gets_bank_details() {
        assertEquals("USD_ACCOUNT", info("USD", null, 100).get("accountType"));
    }
}
