package payments.core.fx;

import java.util.Optional;

/** The rates at hand for one price (one environment, one moment): a rate lookup the pure pricing rules take. */
@FunctionalInterface
public interface RateSource {
    /** The rate to pay in {@code sending} for {@code receiving}; empty when the corridor is not offered. */
    Optional<ExchangeRate> rate(String sending, String receiving);
}
