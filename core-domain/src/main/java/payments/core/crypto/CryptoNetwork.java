package payments.core.crypto;

import java.util.Arrays;
import java.util.Optional;
import payments.core.money.Currencies;
import payments.core.money.Currency;

/**
 * The networks crypto moves on (reference/money-movement.md, {@code cryptoNetwork}), each with its native asset: what
 * the network's own fees are paid in. BTC is the currency the service holds; the others (ETH, SOL, POL, TRX, XPL)
 * are held by no account and appear only as a network fee's asset, counted in their own smallest unit (wei,
 * lamports, sun, ...).
 */
public enum CryptoNetwork {
    SOLANA(asset("SOL", "Solana", "SOL", 9)),
    ETHEREUM(asset("ETH", "Ether", "ETH", 18)),
    BASE(ETHEREUM.nativeAsset),
    POLYGON(asset("POL", "Polygon Ecosystem Token", "POL", 18)),
    TRON(asset("TRX", "TRON", "TRX", 6)),
    PLASMA(asset("XPL", "Plasma", "XPL", 18)),
    SPARK(Currencies.of("BTC")),
    LIGHTNING(Currencies.of("BTC")),
    BITCOIN(Currencies.of("BTC"));

    private final Currency nativeAsset;

    CryptoNetwork(Currency nativeAsset) {
        this.nativeAsset = nativeAsset;
    }

    /** What the network's fees are paid in. */
    public Currency nativeAsset() {
        return nativeAsset;
    }

    /** The native asset of some network whose code is {@code code} (ETH, SOL, ..., BTC), if there is one. */
    public static Optional<Currency> nativeAsset(String code) {
        return Arrays.stream(values()).map(CryptoNetwork::nativeAsset).filter(a -> a.code().equals(code))
                .findFirst();
    }

    private static Currency asset(String code, String name, String symbol, int decimals) {
        return new Currency(code, name, symbol, decimals);
    }
}
