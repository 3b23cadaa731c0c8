package payments.core.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.crypto.CryptoNetwork;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.money.Currency;
import payments.core.platform.PlatformConfig;
import payments.core.transaction.TransactionType;

/**
 * The price of a crypto withdrawal, from the rules quotes are priced by: the service's fee is what
 * {@link CorridorFees} schedules for sending the withdrawal's currency (the provider's fees plus the platform's fee
 * configs of that source currency), charged on the amount as {@link Conversion#feeOn} charges a quote; the network's
 * fee, in its native asset, is converted into the withdrawal's currency as a fee set in another currency is
 * ({@link CorridorFees#inSending}: at the current rate, rounded up).
 */
public final class WithdrawalFees {
    private WithdrawalFees() {
    }

    /**
     * Refuses a {@code destinationAddress} that cannot take {@code currency} on {@code network}, judged by the rules
     * of the external account that would hold that address (its type: {@link AccountInfoSchemas#depositTypeOn}, its
     * address rule: {@link AccountInfoSchemas#addressRule}): 400 {@code INVALID_INPUT} naming {@code currency} (not
     * crypto), {@code cryptoNetwork} (it carries no such currency to an address the service pays) or
     * {@code destinationAddress}.
     */
    public static void checkDestination(String currency, CryptoNetwork network, String destinationAddress) {
        if (Currencies.find(currency).isEmpty() || !Currencies.isCrypto(currency)) {
            throw InvalidFields.of("currency", currency + " is not a crypto currency: withdrawals to an address are of "
                    + "BTC, USDC or USDT");
        }
        String accountType = AccountInfoSchemas.depositTypeOn(network.name(), currency);
        if (accountType == null) {
            throw InvalidFields.of("cryptoNetwork", network + " has no " + currency + " address the service pays to");
        }
        List<FieldError> errors = new ArrayList<>();
        AccountInfoSchemas.addressRule(accountType).check(destinationAddress, "destinationAddress", errors);
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
    }

    /**
     * Prices withdrawing {@code amountMinor} of {@code currency} over {@code network}, whose fee is
     * {@code networkFeeMinor} of its native asset, under the platform's {@code config} (its fee configs and the
     * currency's outgoing limits) and the provider's {@code providerFees} for the currency. 400
     * {@code AMOUNT_OUT_OF_RANGE} when the amount is outside the currency's limits or does not exceed the fees.
     */
    public static WithdrawalFee estimate(PlatformConfig config, Fees providerFees, Currency currency,
                                         long amountMinor, CryptoNetwork network, long networkFeeMinor,
                                         RateSource rates) {
        String code = currency.code();
        config.currency(code).requirePayment(TransactionType.OUTGOING, amountMinor);
        Fees fees = CorridorFees.of(config, providerFees, code, rates).orElseThrow(() ->
                new InvalidInput("AMOUNT_OUT_OF_RANGE", "The configured fees take the whole amount"));
        long applicationFee = Conversion.feeOn(amountMinor, fees);
        String asset = network.nativeAsset().code();
        long networkFeeInCurrency = CorridorFees.inSending(code, networkFeeMinor, asset, rates);
        long totalFee = Math.addExact(applicationFee, networkFeeInCurrency);
        if (totalFee >= amountMinor) {
            throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "The amount " + amountMinor + " " + code
                    + " does not cover the fees of withdrawing it, " + totalFee + " " + code + ": nothing would arrive",
                    Map.of("totalFee", totalFee, "networkFee", networkFeeMinor, "networkFeeAsset", asset));
        }
        return new WithdrawalFee(networkFeeMinor, asset, applicationFee, totalFee, amountMinor - totalFee);
    }
}
