package payments.core.crypto;

import java.util.List;

/**
 * The virtual-asset service providers (custodial exchanges and wallets) an external crypto wallet account may name
 * as its custodian: the one list that {@code GET /vasps} shows and that a wallet's {@code accountInfo.vaspName}
 * is checked against ({@code AccountInfoSchemas}), so a name the list shows is always accepted and no other is.
 * There is no VASP directory provider yet, so every environment has this list.
 */
public final class Vasps {
    /** A custodian: the exact {@code vaspName} value, and its site. */
    public record Vasp(String vaspName, String url) {
    }

    public static final List<Vasp> ALL = List.of(
            new Vasp("Binance", "https://www.binance.com"),
            new Vasp("Bitso", "https://bitso.com"),
            new Vasp("Bitstamp", "https://www.bitstamp.net"),
            new Vasp("Coinbase", "https://www.coinbase.com"),
            new Vasp("Crypto.com", "https://crypto.com"),
            new Vasp("Gemini", "https://www.gemini.com"),
            new Vasp("Kraken", "https://www.kraken.com"),
            new Vasp("Luno", "https://www.luno.com"),
            new Vasp("Mercado Bitcoin", "https://www.mercadobitcoin.com.br"),
            new Vasp("OKX", "https://www.okx.com"),
            new Vasp("River", "https://river.com"),
            new Vasp("Strike", "https://strike.me"),
            new Vasp("Yellow Card", "https://yellowcard.io"));

    private Vasps() {
    }

    /** Every {@code vaspName} value, in the list's order. */
    public static String[] names() {
        return ALL.stream().map(Vasp::vaspName).toArray(String[]::new);
    }
}
