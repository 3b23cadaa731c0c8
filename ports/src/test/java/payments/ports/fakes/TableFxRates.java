package payments.ports.fakes;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.money.Currencies;
import payments.core.platform.Environment;
import payments.ports.driven.fx.FxRates;

/** Rates a test sets pair by pair, with one provider fee schedule for every corridor; updatedAt is now. */
public final class TableFxRates implements FxRates {
    private final Map<String, BigDecimal> rates = new HashMap<>();
    private Fees providerFees = Fees.NONE;

    public TableFxRates rate(String sending, String receiving, String rate) {
        rates.put(sending + "/" + receiving, new BigDecimal(rate));
        return this;
    }

    public TableFxRates providerFees(Fees fees) {
        providerFees = fees;
        return this;
    }

    @Override
    public Optional<ExchangeRate> rate(Environment environment, String sending, String receiving, Instant now) {
        return Optional.ofNullable(rates.get(sending + "/" + receiving)).map(r -> new ExchangeRate(
                Currencies.of(sending), Currencies.of(receiving), r, now));
    }

    @Override
    public Fees providerFees(Environment environment, String sending, String receiving) {
        return providerFees;
    }
}
