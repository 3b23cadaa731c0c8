package payments.ports.agentops;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import payments.core.agent.policy.ToCurrency;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.ports.driven.fx.FxRates;
import payments.ports.time.PlatformClock;

/**
 * Amounts of any currency in a policy's, at the service's own rate when the policy is applied: the rate to pay in
 * the policy's currency for the amount's (rounded up, so a limit is never passed by rounding), else the inverse of
 * the opposite corridor's.
 */
public final class PolicyRates {
    private final FxRates rates;
    private final PlatformClock clock;

    public PolicyRates(FxRates rates, PlatformClock clock) {
        this.rates = rates;
        this.clock = clock;
    }

    /** The caller's platform's time: what a policy is applied as of. */
    public Instant now(Caller caller) {
        return clock.now(caller);
    }

    public ToCurrency at(Environment environment, Instant now) {
        return (amount, currency) -> convert(environment, amount, currency, now);
    }

    /**
     * {@link #at} the caller's platform's time, read only if an amount needs converting: a payment in the policy's
     * own currency, the usual one, reads no clock.
     */
    public ToCurrency at(Caller caller) {
        return (amount, currency) -> amount.currency().code().equals(currency) ? amount.amountMinor()
                : convert(caller.environment(), amount, currency, now(caller));
    }

    private long convert(Environment environment, Money amount, String currency, Instant now) {
        String from = amount.currency().code();
        if (from.equals(currency)) {
            return amount.amountMinor();
        }
        BigDecimal major = BigDecimal.valueOf(amount.amountMinor()).movePointLeft(amount.currency().decimals());
        int decimals = Currencies.of(currency).decimals();
        BigDecimal converted = rates.rate(environment, currency, from, now).map(r -> major.multiply(r.rate()))
                .or(() -> rates.rate(environment, from, currency, now)
                        .map(r -> major.divide(r.rate(), decimals + 8, RoundingMode.UP)))
                .orElseThrow(() -> new InvalidInput("UNSUPPORTED_CURRENCY", "No exchange rate relates " + from
                        + " to the agent's policy currency " + currency + "; its limits cannot be applied"));
        return converted.movePointRight(decimals).setScale(0, RoundingMode.UP).longValueExact();
    }
}
