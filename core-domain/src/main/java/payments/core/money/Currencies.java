package payments.core.money;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one table of currencies the service knows, with their minor-unit exponents (ISO 4217; BTC counted in
 * satoshis, USDC and USDT in 6 decimals). Every amount on the wire is an integer of these minor units.
 */
public final class Currencies {
    private static final Set<String> CRYPTO = Set.of("BTC", "USDC", "USDT", "SBUSD");
    private static final Map<String, Currency> BY_CODE = new LinkedHashMap<>();

    static {
        add("USD", "US Dollar", "$", 2);
        add("EUR", "Euro", "€", 2);
        add("GBP", "Pound Sterling", "£", 2);
        add("MXN", "Mexican Peso", "$", 2);
        add("CAD", "Canadian Dollar", "$", 2);
        add("BRL", "Brazilian Real", "R$", 2);
        add("COP", "Colombian Peso", "$", 2);
        add("GTQ", "Guatemalan Quetzal", "Q", 2);
        add("HTG", "Haitian Gourde", "G", 2);
        add("JMD", "Jamaican Dollar", "$", 2);
        add("DKK", "Danish Krone", "kr", 2);
        add("AED", "UAE Dirham", "د.إ", 2);
        add("EGP", "Egyptian Pound", "£", 2);
        add("INR", "Indian Rupee", "₹", 2);
        add("PKR", "Pakistani Rupee", "₨", 2);
        add("BDT", "Bangladeshi Taka", "৳", 2);
        add("CNY", "Chinese Yuan", "¥", 2);
        add("HKD", "Hong Kong Dollar", "$", 2);
        add("SGD", "Singapore Dollar", "$", 2);
        add("MYR", "Malaysian Ringgit", "RM", 2);
        add("THB", "Thai Baht", "฿", 2);
        add("IDR", "Indonesian Rupiah", "Rp", 2);
        add("PHP", "Philippine Peso", "₱", 2);
        add("VND", "Vietnamese Dong", "₫", 0);
        add("NGN", "Nigerian Naira", "₦", 2);
        add("GHS", "Ghanaian Cedi", "₵", 2);
        add("KES", "Kenyan Shilling", "KSh", 2);
        add("TZS", "Tanzanian Shilling", "TSh", 2);
        add("UGX", "Ugandan Shilling", "USh", 0);
        add("RWF", "Rwandan Franc", "FRw", 0);
        add("MWK", "Malawian Kwacha", "MK", 2);
        add("ZMW", "Zambian Kwacha", "ZK", 2);
        add("BWP", "Botswana Pula", "P", 2);
        add("ZAR", "South African Rand", "R", 2);
        add("XAF", "Central African CFA Franc", "FCFA", 0);
        add("XOF", "West African CFA Franc", "CFA", 0);
        add("USDC", "USD Coin", "USDC", 6);
        add("USDT", "Tether", "USDT", 6);
        add("BTC", "Bitcoin", "₿", 8);
        // The sandbox stablecoin provider's token, held once a coin of it is enabled for service operations.
        add("SBUSD", "Sandbox USD", "SBUSD", 6);
    }

    private Currencies() {
    }

    private static void add(String code, String name, String symbol, int decimals) {
        BY_CODE.put(code, new Currency(code, name, symbol, decimals));
    }

    /** Bitcoin and the stablecoins: settled on crypto rails and held in crypto accounts. Unknown codes throw. */
    public static boolean isCrypto(String code) {
        return CRYPTO.contains(of(code).code());
    }

    public static Optional<Currency> find(String code) {
        return Optional.ofNullable(code == null ? null : BY_CODE.get(code));
    }

    /** The currency of a code already validated by {@link #find}; an unknown code here is a programming error. */
    public static Currency of(String code) {
        return find(code).orElseThrow(() -> new IllegalArgumentException("unknown currency " + code));
    }

    public static Collection<Currency> all() {
        return BY_CODE.values();
    }
}
