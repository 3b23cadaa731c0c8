package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import payments.core.crypto.CryptoNetwork;
import payments.core.error.NotImplemented;
import payments.core.platform.Environment;

class SandboxNetworkFeesTest {
    private final SandboxNetworkFees fees = new SandboxNetworkFees();

    @Test
    void every_network_has_a_fee_in_its_native_asset() {
        for (CryptoNetwork network : CryptoNetwork.values()) {
            assertTrue(fees.fee(Environment.SANDBOX, network, "USDC") >= 0, network.name());
        }
        assertEquals(2_000_000_000_000L, fees.fee(Environment.SANDBOX, CryptoNetwork.BASE, "USDC"));
        assertEquals(10L, fees.fee(Environment.SANDBOX, CryptoNetwork.LIGHTNING, "BTC"));
    }

    @Test
    void production_platforms_are_connected_to_no_network_yet() {
        assertEquals("NOT_IMPLEMENTED", assertThrows(NotImplemented.class,
                () -> fees.fee(Environment.PRODUCTION, CryptoNetwork.SOLANA, "USDC")).code());
    }
}
