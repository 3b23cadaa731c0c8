package payments.core.fx;

import java.util.List;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;

/**
 * The rail a rate is quoted for when the caller names none ({@code destinationPaymentRail} of
 * {@code GET /exchange-rates}): the first rail of the currency's local account type, except where an instant rail
 * of that type is the better default (SEPA Instant for EUR and DKK).
 *
 * <p>Crypto destinations (USDC, USDT, BTC) arrive on-chain or over Lightning, which the spec's {@code PaymentRail}
 * enum has no value for, yet the field is required: they are quoted as {@code BANK_TRANSFER}, the enum's generic
 * account-to-account value, rather than inventing a value clients would not know.
 */
public final class DestinationRails {
    static final String FALLBACK = "BANK_TRANSFER";
    private static final Map<String, String> PREFERRED = Map.of("EUR", "SEPA_INSTANT", "DKK", "SEPA_INSTANT");

    private DestinationRails() {
    }

    public static String defaultFor(String currencyCode) {
        List<String> rails = AccountInfoSchemas.paymentRails(currencyCode + "_ACCOUNT");
        String preferred = PREFERRED.get(currencyCode);
        if (preferred != null && rails.contains(preferred)) {
            return preferred;
        }
        return rails.isEmpty() ? FALLBACK : rails.get(0);
    }
}
