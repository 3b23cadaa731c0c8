package payments.core.platform;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.error.InvalidInput;
import payments.core.money.Money;
import payments.core.transaction.TransactionType;

/**
 * One of a platform's currencies ({@code supportedCurrencies[]}): the amounts a payment in it may have and the kinds
 * of payment it allows ({@code enabledTransactionTypes}). A currency the platform no longer lists (an account opened
 * before) has the service's own settings: 1 to {@link Money#MAX_MINOR}, both kinds.
 */
public record CurrencySettings(String code, long minAmount, long maxAmount, List<String> enabledTransactionTypes) {

    public CurrencySettings {
        enabledTransactionTypes = List.copyOf(enabledTransactionTypes);
    }

    /** From a validated {@code supportedCurrencies[]} item. */
    @SuppressWarnings("unchecked")
    static CurrencySettings of(Map<String, Object> item) {
        return new CurrencySettings((String) item.get("currencyCode"), ((Number) item.get("minAmount")).longValue(),
                ((Number) item.get("maxAmount")).longValue(), (List<String>) item.get("enabledTransactionTypes"));
    }

    /** A new platform's settings ({@link #defaultItem}): what a currency it does not list has. */
    static CurrencySettings unlisted(String code) {
        return of(defaultItem(code));
    }

    /** The currency settings a new platform starts with: sending limits 1 minor unit up to the spec's maximum. */
    public static Map<String, Object> defaultItem(String code) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("currencyCode", code);
        c.put("minAmount", 1L);
        c.put("maxAmount", Money.MAX_MINOR);
        c.put("requiredCounterpartyFields", List.of());
        c.put("enabledTransactionTypes", List.of("INCOMING", "OUTGOING"));
        return c;
    }

    /**
     * Refuses a payment of {@code type} moving {@code amount} minor units of this currency: 400 {@code
     * INVALID_CURRENCY} when the platform has not enabled that kind for it, {@code AMOUNT_OUT_OF_RANGE} outside its
     * limits.
     */
    public void requirePayment(TransactionType type, long amount) {
        requireEnabled(type);
        if (amount < minAmount || amount > maxAmount) {
            throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "The amount " + amount + " is outside " + minAmount + ".."
                    + maxAmount + " " + code, Map.of("minAmount", minAmount, "maxAmount", maxAmount));
        }
    }

    /** Refuses a payment of {@code type} in this currency unless the platform enabled that kind: 400. */
    public void requireEnabled(TransactionType type) {
        if (!enabledTransactionTypes.contains(type.name())) {
            throw new InvalidInput("INVALID_CURRENCY", type + " payments in " + code + " are not enabled for this "
                    + "platform (supportedCurrencies[].enabledTransactionTypes: " + enabledTransactionTypes + ")",
                    Map.of("currency", code, "enabledTransactionTypes", enabledTransactionTypes));
        }
    }
}
