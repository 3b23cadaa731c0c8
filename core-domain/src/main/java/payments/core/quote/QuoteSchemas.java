package payments.core.quote;

import static payments.core.validation.Types.bool;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import java.util.Map;
import payments.core.crypto.CryptoNetwork;
import payments.core.money.Money;
import payments.core.transfer.TransferSchemas;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of {@code POST /quotes} and the sandbox's real-time funding (reference/money-movement.md). */
public final class QuoteSchemas {
    public static final ObjectSchema CREATE = ObjectSchema.of()
            .optional("lookupId", string(1, 100))
            .required("source", Types.variants("sourceType", Map.of(
                    "ACCOUNT", ObjectSchema.of()
                            .required("sourceType", oneOf("ACCOUNT"))
                            .required("accountId", string(1, 100))
                            .optional("customerId", string(1, 100)),
                    "REALTIME_FUNDING", ObjectSchema.of()
                            .required("sourceType", oneOf("REALTIME_FUNDING"))
                            .optional("customerId", string(1, 100))
                            .required("currency", currency())
                            .optional("cryptoNetwork", oneOf(CryptoNetwork.class)))))
            .required("destination", Types.variants("destinationType", Map.of(
                    "ACCOUNT", ObjectSchema.of()
                            .required("destinationType", oneOf("ACCOUNT"))
                            .required("accountId", string(1, 100))
                            .optional("paymentRail", string(1, 32)),
                    "UMA_ADDRESS", ObjectSchema.of()
                            .required("destinationType", oneOf("UMA_ADDRESS"))
                            .required("umaAddress", string(1, 255))
                            .optional("currency", currency()))))
            .required("lockedCurrencySide", oneOf("SENDING", "RECEIVING"))
            .required("lockedCurrencyAmount", integer(1, Money.MAX_MINOR))
            .optional("immediatelyExecute", bool())
            .optional("description", string(1, 500))
            .optional("remittanceInformation", string(1, 80))
            .optional("purposeOfPayment", TransferSchemas.PURPOSE_OF_PAYMENT)
            .optional("platformFeeOverride", ObjectSchema.of()
                    .required("platformFixedFee", ObjectSchema.of()
                            .required("amount", integer(0, Money.MAX_MINOR))
                            .required("currency", currency()))
                    .required("platformVariableFeeBps", integer(0, 10_000)))
            .optional("senderCustomerInfo", Types.anyObject(50));

    /** {@code POST /sandbox/send}: the real-time payment that funds a quote. */
    public static final ObjectSchema REALTIME_FUNDING = ObjectSchema.of()
            .required("quoteId", string(1, 100))
            .required("currencyCode", currency())
            .optional("currencyAmount", integer(1, Money.MAX_MINOR));

    private QuoteSchemas() {
    }
}
