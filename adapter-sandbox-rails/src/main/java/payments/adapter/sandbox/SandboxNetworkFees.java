package payments.adapter.sandbox;

import java.util.Map;
import payments.core.crypto.CryptoNetwork;
import payments.core.error.NotImplemented;
import payments.core.platform.Environment;
import payments.ports.driven.crypto.NetworkFees;

/**
 * A fixed fee per network, in its native asset's smallest unit, of a realistic size for one transfer (the same for
 * every currency the network carries). Production platforms are connected to no crypto network yet: 501, as their
 * transfers are.
 */
public final class SandboxNetworkFees implements NetworkFees {
    static final Map<CryptoNetwork, Long> FEES = Map.of(
            CryptoNetwork.BITCOIN, 1_500L,                     // sat: a one-input transfer at a few sat/vB
            CryptoNetwork.LIGHTNING, 10L,                      // sat: the route's fees
            CryptoNetwork.SPARK, 5L,                           // sat
            CryptoNetwork.ETHEREUM, 1_300_000_000_000_000L,    // wei: 0.0013 ETH, a token transfer at 20 gwei
            CryptoNetwork.BASE, 2_000_000_000_000L,            // wei: 0.000002 ETH
            CryptoNetwork.POLYGON, 10_000_000_000_000_000L,    // wei of POL: 0.01 POL
            CryptoNetwork.SOLANA, 10_000L,                     // lamports: 0.00001 SOL
            CryptoNetwork.TRON, 13_000_000L,                   // sun: 13 TRX, a token transfer without energy
            CryptoNetwork.PLASMA, 0L);                         // USDT transfers on Plasma carry no fee

    @Override
    public long fee(Environment environment, CryptoNetwork network, String currency) {
        if (environment != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No crypto network is connected for production platforms yet");
        }
        return FEES.get(network);
    }
}
