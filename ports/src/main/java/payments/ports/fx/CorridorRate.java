package payments.ports.fx;

import java.math.BigDecimal;
import java.time.Instant;
import payments.core.money.Currency;

/**
 * One item of {@code GET /exchange-rates}: what {@code sendingAmount} of the source currency delivers in the
 * destination currency, fees included. Amounts are minor units; fees are in the source currency;
 * {@code fixedFees} is null when the fees take everything (see {@link payments.core.fx.CorridorFees#of}).
 */
public record CorridorRate(Currency sourceCurrency, Currency destinationCurrency, String destinationPaymentRail,
                           long sendingAmount, long minSendingAmount, long maxSendingAmount, long receivingAmount,
                           BigDecimal exchangeRate, Long fixedFees, long totalFees, Instant updatedAt) {
}
