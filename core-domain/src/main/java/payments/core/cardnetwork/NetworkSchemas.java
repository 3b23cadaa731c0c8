package payments.core.cardnetwork;

import static payments.core.validation.Types.country;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.string;

import payments.core.money.Money;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of the sandbox's card network simulators (reference/cards.md). */
public final class NetworkSchemas {
    private static final JsonType AMOUNT = integer(1, Money.MAX_MINOR);

    public static final ObjectSchema MERCHANT = ObjectSchema.of()
            .required("descriptor", string(1, 255))
            .optional("mcc", pattern("^[0-9]{4}$", 4, 4))
            .optional("country", country());

    /** Authorization, credit, financial and credit-advice simulators. */
    public static final ObjectSchema AUTHORIZATION = ObjectSchema.of()
            .required("amount", AMOUNT)
            .required("currency", currency())
            .required("merchant", MERCHANT);

    public static final ObjectSchema CLEARING = ObjectSchema.of()
            .required("cardTransactionId", string(1, 100))
            .required("amount", integer(0, Money.MAX_MINOR));

    /** A return, and an authorization advice (its amount the new total authorized). */
    public static final ObjectSchema AMOUNT_OF_TRANSACTION = ObjectSchema.of()
            .required("cardTransactionId", string(1, 100))
            .required("amount", AMOUNT);

    public static final ObjectSchema BALANCE_INQUIRY = ObjectSchema.of()
            .required("merchant", MERCHANT);

    public static final ObjectSchema TRANSACTION_REF = ObjectSchema.of()
            .required("cardTransactionId", string(1, 100));

    private NetworkSchemas() {
    }
}
