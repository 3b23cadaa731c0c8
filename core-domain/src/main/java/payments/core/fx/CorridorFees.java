package payments.core.fx;

import java.util.Map;
import java.util.Optional;
import payments.core.platform.PlatformConfig;

/**
 * The one rule for what a currency conversion costs the sender, so that a listed exchange rate and a quote for the
 * same corridor charge the same: the provider's fees plus every platform fee config of type
 * {@code CROSS_CURRENCY_TRANSACTION} whose {@code sourceCurrency} is the sending currency, combined into one
 * {@link Fees} schedule in the sending currency (fixed parts summed, basis points summed). A fixed fee given in
 * another currency is converted at the current rate for that pair, rounded up.
 */
public final class CorridorFees {
    static final String CROSS_CURRENCY = "CROSS_CURRENCY_TRANSACTION";
    private static final int ALL = 10_000;

    private CorridorFees() {
    }

    /**
     * The combined schedule for payments sending {@code sending}; empty when its basis points reach 100% (a platform
     * may configure up to 10000): the fees would take the whole amount and nothing can convert.
     */
    public static Optional<Fees> of(PlatformConfig config, Fees provider, String sending, RateSource rates) {
        long fixed = provider.fixedMinor();
        long bps = provider.variableBps();
        for (Map<String, Object> fee : config.feeConfigs()) {
            if (!CROSS_CURRENCY.equals(fee.get("feeType")) || !sending.equals(fee.get("sourceCurrency"))) {
                continue;
            }
            bps += ((Number) fee.get("variableFeeBps")).longValue();
            @SuppressWarnings("unchecked")
            Map<String, Object> fixedFee = (Map<String, Object>) fee.get("fixedFee");
            fixed = Math.addExact(fixed, inSending(sending, ((Number) fixedFee.get("amount")).longValue(),
                    (String) fixedFee.get("currency"), rates));
        }
        return bps >= ALL ? Optional.empty() : Optional.of(new Fees(fixed, (int) bps));
    }

    /**
     * What it costs in the sending currency to deliver {@code amountMinor} of {@code currency}, at the current rate,
     * rounded up: how a fee set in another currency is charged.
     */
    public static long inSending(String sending, long amountMinor, String currency, RateSource rates) {
        if (amountMinor == 0 || sending.equals(currency)) {
            return amountMinor;
        }
        ExchangeRate rate = rates.rate(sending, currency).orElseThrow(() ->
                new IllegalStateException("no rate " + sending + "→" + currency + " to price a fixed fee"));
        return Conversion.lockReceiving(amountMinor, rate, Fees.NONE).totalSendingMinor();
    }
}
