package payments.core.quote;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotImplemented;
import payments.core.fx.Conversion;
import payments.core.fx.CorridorFees;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.fx.RateSource;
import payments.core.money.Currency;
import payments.core.money.Money;
import payments.core.platform.PlatformConfig;
import payments.core.transaction.TransactionType;

/**
 * What a quote costs: the rate, the fees (the platform's configured ones or the request's override, plus the
 * provider's), the locked side's conversion, the part of the fees that is the platform's, the display-only rate
 * details, and how long the price holds.
 */
public final class QuotePricing {
    static final long INSTANT_RAIL_EXPIRY_SECONDS = 180;
    static final long OTHER_RAIL_EXPIRY_SECONDS = 900;
    private static final List<String> INSTANT_RAILS = List.of("RTP", "FEDNOW", "SEPA_INSTANT", "SPEI", "PIX",
            "FASTER_PAYMENTS", "UPI", "PAYNOW", "FAST", "INSTAPAY", "MOBILE_MONEY");
    private static final BigDecimal MSAT_PER_BTC = BigDecimal.valueOf(100_000_000_000L);

    private QuotePricing() {
    }

    /** A priced quote: its rate, its amounts, the platform's part of its fees, and the spec's rate details. */
    public record Price(ExchangeRate rate, Conversion.Amounts amounts, long platformFeesMinor,
                        Map<String, Object> rateDetails) {
    }

    /**
     * Prices a payment from {@code sending} to {@code receiving} with {@code lockedAmount} fixed on the sending side
     * ({@code lockSending}) or the receiving one, under the platform's {@code config} and limits; {@code override}
     * (may be null) replaces the configured platform fees.
     */
    public static Price price(PlatformConfig config, String sending, String receiving, boolean lockSending,
                              long lockedAmount, Fees providerFees, FeeOverride override, RateSource rates) {
        ExchangeRate rate = rates.rate(sending, receiving).orElseThrow(() -> new InvalidInput("INVALID_CURRENCY",
                "No rate is offered from " + sending + " to " + receiving));
        Fees fees = override == null ? CorridorFees.of(config, providerFees, sending, rates).orElseThrow(() ->
                new InvalidInput("AMOUNT_OUT_OF_RANGE", "The configured fees take the whole amount"))
                : overridden(providerFees, sending, override);
        Fees platformFees = new Fees(fees.fixedMinor() - providerFees.fixedMinor(),
                fees.variableBps() - providerFees.variableBps());
        Conversion.Amounts amounts = lockSending ? Conversion.lockSending(lockedAmount, rate, fees)
                : Conversion.lockReceiving(lockedAmount, rate, fees);
        config.currency(sending).requirePayment(TransactionType.OUTGOING, amounts.totalSendingMinor());
        if (amounts.receivingMinor() > Money.MAX_MINOR) {
            throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "The receiving amount " + amounts.receivingMinor() + " "
                    + receiving + " is over the largest payment, " + Money.MAX_MINOR,
                    Map.of("maxAmount", Money.MAX_MINOR));
        }
        long platformFee = Math.min(amounts.feesMinor(), fees.partOf(amounts.feesMinor(), platformFees));
        return new Price(rate, amounts, platformFee, rateDetails(rates, rate, fees, amounts));
    }

    /** The provider's fees plus the request's own platform fee (USD sources and USD fees only: 501 otherwise). */
    private static Fees overridden(Fees provider, String sending, FeeOverride override) {
        if (!"USD".equals(sending) || !"USD".equals(override.currency())) {
            // The reference's 501 for fees in other currencies (errors.md: NOT_IMPLEMENTED, "non-USD fees").
            throw new NotImplemented("NOT_IMPLEMENTED", "platformFeeOverride is implemented for USD sources with "
                    + "USD fees only");
        }
        long bps = provider.variableBps() + (long) override.variableBps();
        if (bps >= 10_000) {
            throw InvalidFields.of("platformFeeOverride.platformVariableFeeBps", "leaves nothing to convert");
        }
        return new Fees(Math.addExact(provider.fixedMinor(), override.fixedMinor()), (int) bps);
    }

    /**
     * How long a price holds: 3 minutes when the payment goes by an instant rail (a UMA address, a wallet, Lightning,
     * or a rail such as RTP or PIX), 15 otherwise. {@code rails} are those of the destination account.
     */
    public static long expirySeconds(boolean umaAddress, List<String> rails) {
        boolean instant = umaAddress || rails.stream().anyMatch(r -> INSTANT_RAILS.contains(r)
                || r.endsWith("WALLET") || r.equals("LIGHTNING"));
        return instant ? INSTANT_RAIL_EXPIRY_SECONDS : OTHER_RAIL_EXPIRY_SECONDS;
    }

    /**
     * Where a real-time payment of {@code currency} is sent: for crypto, the account type of the address on the
     * chosen network (required for stablecoins, Lightning by default for BTC); null for fiat, which takes none.
     */
    public static String depositType(String currency, String cryptoNetwork) {
        boolean stablecoin = currency.equals("USDC") || currency.equals("USDT");
        if (cryptoNetwork == null) {
            if (stablecoin) {
                throw InvalidFields.of("source.cryptoNetwork", "is required for " + currency);
            }
            return currency.equals("BTC") ? "LIGHTNING" : null;
        }
        String type = stablecoin || currency.equals("BTC")
                ? AccountInfoSchemas.depositTypeOn(cryptoNetwork, currency) : null;
        if (type == null) {
            throw InvalidFields.of("source.cryptoNetwork", cryptoNetwork + " does not carry " + currency + " here");
        }
        return type;
    }

    /**
     * The spec's OutgoingRateDetails, which prices both sides against millisatoshis (the UMA convention). Display
     * only: amounts are settled from the quote's integer totals, never from these numbers.
     */
    private static Map<String, Object> rateDetails(RateSource rates, ExchangeRate rate, Fees fees,
                                                   Conversion.Amounts amounts) {
        BigDecimal sendingMsat = msatPerMinorUnit(rates, rate.sending());
        BigDecimal receivingMsat = msatPerMinorUnit(rates, rate.receiving());
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

    private static BigDecimal msatPerMinorUnit(RateSource rates, Currency currency) {
        if (currency.code().equals("BTC")) {
            return BigDecimal.valueOf(1000);
        }
        BigDecimal unitsPerBtc = rates.rate(currency.code(), "BTC").map(ExchangeRate::rate).orElse(BigDecimal.ONE);
        return MSAT_PER_BTC.divide(unitsPerBtc.movePointRight(currency.decimals()), MathContext.DECIMAL64);
    }
}
