package payments.core.fx;

import java.util.List;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.error.InvalidFields;
import payments.core.json.JsonObject;

/**
 * The rail a payment to an external account goes by: the one the platform named ({@code MANUAL}), which must be one
 * of the account's, or else the one rates are quoted for in its currency when the account has it, its first
 * otherwise ({@code AUTO}, {@link DestinationRails}; none for wallets and Lightning). An outgoing transaction shows
 * it as {@code paymentRail} and {@code railSelectionMode}.
 */
public record RailSelection(String paymentRail, String mode) {
    public static final String AUTO = "AUTO";
    public static final String MANUAL = "MANUAL";

    /**
     * The rail for an account of {@code accountType} in {@code currency}; {@code requested} may be null (400 if it is
     * not one of the account's rails).
     */
    public static RailSelection of(String accountType, String currency, String requested) {
        List<String> rails = AccountInfoSchemas.paymentRails(accountType);
        if (requested == null) {
            String quoted = DestinationRails.defaultFor(currency);
            return new RailSelection(rails.contains(quoted) ? quoted : rails.isEmpty() ? null : rails.get(0), AUTO);
        }
        if (!rails.contains(requested)) {
            throw InvalidFields.of("destination.paymentRail", "must be one of " + rails + " for this account");
        }
        return new RailSelection(requested, MANUAL);
    }

    /** The transaction's fields ({@code paymentRail} left out when there is none). */
    public Map<String, Object> fields() {
        return JsonObject.of().put("paymentRail", paymentRail).put("railSelectionMode", mode).map();
    }
}
