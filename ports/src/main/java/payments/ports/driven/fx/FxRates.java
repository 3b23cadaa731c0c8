package payments.ports.driven.fx;

import java.time.Instant;
import java.util.Optional;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.platform.Environment;

/**
 * Exchange rates (spread included) and the provider's fees per corridor. Rates may be cached for about five
 * minutes; {@link ExchangeRate#updatedAt()} says when a rate was taken.
 */
public interface FxRates {
    /** The rate to pay in {@code sending} for {@code receiving}; empty when the corridor is not offered. */
    Optional<ExchangeRate> rate(Environment environment, String sending, String receiving, Instant now);

    /** The provider's fees for a corridor, in the sending currency (before any platform fee). */
    Fees providerFees(Environment environment, String sending, String receiving);
}
