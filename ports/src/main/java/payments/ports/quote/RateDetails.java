package payments.ports.quote;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import payments.core.fx.Conversion;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.money.Currency;
import payments.core.platform.Environment;
import payments.ports.driven.fx.FxRates;

/**
 * The spec's OutgoingRateDetails, which prices both sides against millisatoshis (the UMA convention). Display only:
 * amounts are settled from the quote's integer totals, never from these numbers.
 */
final class RateDetails {
    private static final BigDecimal MSAT_PER_BTC = BigDecimal.valueOf(100_000_000_000L);

    private RateDetails() {
    }

    static Map<String, Object> of(FxRates rates, Environment environment, ExchangeRate rate, Fees fees,
                                  Conversion.Amounts amounts, Instant now) {
        BigDecimal sendingMsat = msatPerMinorUnit(rates, environment, rate.sending(), now);
        BigDecimal receivingMsat = msatPerMinorUnit(rates, environment, rate.receiving(), now);
        BigDecimal variableRate = BigDecimal.valueOf(fees.variableBps()).movePointLeft(4);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("counterpartyMultiplier", BigDecimal.ONE.divide(receivingMsat, MathContext.DECIMAL64));
        details.put("counterpartyFixedFee", 0L);
        details.put("serviceApiMultiplier", sendingMsat.multiply(BigDecimal.ONE.subtract(variableRate))
                .round(MathContext.DECIMAL64));
        details.put("serviceApiFixedFee", fees.fixedMinor());
        details.put("serviceApiVariableFeeRate", variableRate);
        details.put("serviceApiVariableFeeAmount", amounts.feesMinor() - fees.fixedMinor());
        return details;
    }

    private static BigDecimal msatPerMinorUnit(FxRates rates, Environment environment, Currency currency,
                                               Instant now) {
        if (currency.code().equals("BTC")) {
            return BigDecimal.valueOf(1000);
        }
        BigDecimal unitsPerBtc = rates.rate(environment, currency.code(), "BTC", now)
                .map(ExchangeRate::rate).orElse(BigDecimal.ONE);
        return MSAT_PER_BTC.divide(unitsPerBtc.movePointRight(currency.decimals()), MathContext.DECIMAL64);
    }
}
