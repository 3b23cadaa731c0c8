package payments.ports.fx;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import payments.core.fx.Conversion;
import payments.core.fx.Fees;
import payments.core.platform.Platform;
import payments.ports.driven.fx.FxRates;

/**
 * The one rule for what a currency conversion costs the sender, so that a listed exchange rate and (later) a quote
 * for the same corridor charge the same: the provider's fees ({@link FxRates#providerFees}) plus every platform
 * fee config of type {@code CROSS_CURRENCY_TRANSACTION} whose {@code sourceCurrency} is the sending currency,
 * combined into one {@link Fees} schedule in the sending currency — fixed parts summed, basis points summed.
 * A fixed fee given in another currency is converted at the current rate for that pair, rounded up.
 */
public final class PlatformFees {
    static final String CROSS_CURRENCY = "CROSS_CURRENCY_TRANSACTION";
    private static final int ALL = 10_000;

    private final FxRates rates;

    public PlatformFees(FxRates rates) {
        this.rates = rates;
    }

    /**
     * The combined schedule for {@code sending → receiving}; empty when its basis points reach 100% (the platform
     * may configure up to 10000): the fees would take the whole amount and nothing can convert.
     */
    public Optional<Fees> forCorridor(Platform platform, String sending, String receiving, Instant now) {
        Fees provider = rates.providerFees(platform.environment(), sending, receiving);
        long fixed = provider.fixedMinor();
        long bps = provider.variableBps();
        for (Map<String, Object> config : platform.config().feeConfigs()) {
            if (!CROSS_CURRENCY.equals(config.get("feeType")) || !sending.equals(config.get("sourceCurrency"))) {
                continue;
            }
            bps += ((Number) config.get("variableFeeBps")).longValue();
            @SuppressWarnings("unchecked")
            Map<String, Object> fixedFee = (Map<String, Object>) config.get("fixedFee");
            fixed = Math.addExact(fixed, inSending(platform, sending,
                    ((Number) fixedFee.get("amount")).longValue(), (String) fixedFee.get("currency"), now));
        }
        return bps >= ALL ? Optional.empty() : Optional.of(new Fees(fixed, (int) bps));
    }

    private long inSending(Platform platform, String sending, long amountMinor, String currency, Instant now) {
        if (amountMinor == 0 || sending.equals(currency)) {
            return amountMinor;
        }
        var rate = rates.rate(platform.environment(), sending, currency, now).orElseThrow(() ->
                new IllegalStateException("no rate " + sending + "→" + currency + " to price a fixed fee"));
        // What it costs in the sending currency to deliver that amount, rounded up (Conversion's rule).
        return Conversion.lockReceiving(amountMinor, rate, Fees.NONE).totalSendingMinor();
    }
}
