package payments.ports.fx;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.fx.Conversion;
import payments.core.fx.CorridorFees;
import payments.core.fx.DestinationRails;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.CurrencySettings;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.driven.fx.FxRates;
import payments.ports.driven.platform.Platforms;
import payments.ports.time.PlatformClock;

/**
 * {@code GET /exchange-rates}: for every corridor between the platform's currencies (optionally filtered), what a
 * sending amount delivers after the provider's and the platform's fees ({@link CorridorFees}).
 */
public final class ExchangeRateService implements ExchangeRateUseCases {
    public static final long DEFAULT_SENDING_AMOUNT = 10_000;

    private final Platforms platforms;
    private final FxRates rates;
    private final PlatformClock clock;

    public ExchangeRateService(Platforms platforms, FxRates rates, PlatformClock clock) {
        this.platforms = platforms;
        this.rates = rates;
        this.clock = clock;
    }

    /** An amount too small to deliver anything shows receivingAmount 0 and the fee the schedule would charge. */
    @Override
    public List<CorridorRate> list(Caller caller, String sourceCurrency, List<String> destinationCurrencies,
                                   Long sendingAmount) {
        caller.require(Permission.VIEW);
        Platform platform = platforms.find(caller.platformId()).orElseThrow();
        List<String> enabled = platform.config().currencyCodes();
        long amount = sendingAmount == null ? DEFAULT_SENDING_AMOUNT : sendingAmount;
        validate(enabled, sourceCurrency, destinationCurrencies, amount);
        List<String> sources = sourceCurrency == null ? enabled : List.of(sourceCurrency);
        List<String> destinations = destinationCurrencies.isEmpty() ? enabled
                : List.copyOf(new LinkedHashSet<>(destinationCurrencies));
        Instant now = clock.now(caller);
        List<CorridorRate> result = new ArrayList<>();
        for (String source : sources) {
            for (String destination : destinations) {
                if (!source.equals(destination)) {
                    rates.rate(platform.environment(), source, destination, now)
                            .ifPresent(rate -> result.add(corridor(platform, rate, amount, now)));
                }
            }
        }
        return result;
    }

    private CorridorRate corridor(Platform platform, ExchangeRate rate, long amount, Instant now) {
        String source = rate.sending().code();
        String destination = rate.receiving().code();
        Fees provider = rates.providerFees(platform.environment(), source, destination);
        Optional<Fees> schedule = CorridorFees.of(platform.config(), provider, source,
                (sending, receiving) -> rates.rate(platform.environment(), sending, receiving, now));
        long receiving = 0;
        long totalFees = amount;
        if (schedule.isPresent()) {
            try {
                Conversion.Amounts a = Conversion.previewSending(amount, rate, schedule.get());
                receiving = a.receivingMinor();
                totalFees = a.feesMinor();
            } catch (InvalidInput tooLarge) {
                throw InvalidFields.of("sendingAmount", "is too large to convert into " + destination);
            }
        }
        CurrencySettings limits = platform.config().currency(source);
        return new CorridorRate(rate.sending(), rate.receiving(), DestinationRails.defaultFor(destination), amount,
                limits.minAmount(), limits.maxAmount(),
                receiving, rate.rate(), schedule.map(Fees::fixedMinor).orElse(null), totalFees, rate.updatedAt());
    }

    private static void validate(List<String> enabled, String source, List<String> destinations, long amount) {
        List<FieldError> errors = new ArrayList<>();
        if (source != null) {
            checkCurrency("sourceCurrency", source, enabled).ifPresent(errors::add);
        }
        for (String destination : destinations) {
            checkCurrency("destinationCurrency", destination, enabled).ifPresent(errors::add);
        }
        if (amount < 0 || amount > Money.MAX_MINOR) {
            errors.add(new FieldError("sendingAmount", "must be an integer from 0 to " + Money.MAX_MINOR));
        }
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
    }

    private static Optional<FieldError> checkCurrency(String field, String code, List<String> enabled) {
        if (Currencies.find(code).isEmpty()) {
            return Optional.of(new FieldError(field, "'" + code + "' is not a supported currency code"));
        }
        if (!enabled.contains(code)) {
            return Optional.of(new FieldError(field, code + " is not enabled for this platform"));
        }
        return Optional.empty();
    }
}
