package payments.core.fx;

import java.math.BigDecimal;
import java.time.Instant;
import payments.core.money.Currency;

/**
 * What one unit of the receiving currency costs in the sending currency (major units, spread included), as of
 * {@code updatedAt}. This is the spec's {@code exchangeRate}: sending units per receiving unit.
 */
public record ExchangeRate(Currency sending, Currency receiving, BigDecimal rate, Instant updatedAt) {
    public ExchangeRate {
        if (rate == null || rate.signum() <= 0) {
            throw new IllegalArgumentException("an exchange rate is positive");
        }
    }
}
