package payments.ports.fx;

import java.util.List;
import payments.core.platform.Caller;

/** What a sending amount delivers in each corridor between the platform's currencies, fees included (VIEW). */
public interface ExchangeRateUseCases {
    /**
     * Rates from {@code sourceCurrency} (null: every platform currency) to {@code destinationCurrencies} (empty: every
     * platform currency), for {@code sendingAmount} minor units of each source (null: 10000). Codes that are unknown
     * or not enabled for the platform, and amounts outside 0..9×10^15, are 400 naming the parameter.
     */
    List<CorridorRate> list(Caller caller, String sourceCurrency, List<String> destinationCurrencies,
                            Long sendingAmount);
}
