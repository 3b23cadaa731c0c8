package payments.core.card;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.country;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.string;

import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of cards and of the sandbox's card network simulators (reference/cards.md). */
public final class CardSchemas {
    private static final JsonType AMOUNT = integer(1, Long.MAX_VALUE);
    private static final JsonType SOURCES = arrayOf(string(1, 100), 1, 10);
    private static final JsonType SPEND_LIMIT = integer(1, Long.MAX_VALUE);

    public static final ObjectSchema CREATE = ObjectSchema.of()
            .required("cardholderId", string(1, 100))
            .optional("platformCardId", string(1, 255))
            .optional("threeDSecurePassword", string(1, 255))
            .required("form", oneOf(Card.FORM))
            .required("fundingSources", SOURCES)
            .optional("maxSpendPerTransaction", SPEND_LIMIT);

    /** {@code PATCH /cards/{id}}: at least one field; a null spend limit clears it. */
    public static final ObjectSchema UPDATE = ObjectSchema.of()
            .optional("state", oneOf("ACTIVE", "FROZEN", "CLOSED"))
            .optional("fundingSources", SOURCES)
            .clearable("maxSpendPerTransaction", SPEND_LIMIT);

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
            .required("amount", integer(0, Long.MAX_VALUE));

    /** A return, and an authorization advice (its amount the new total authorized). */
    public static final ObjectSchema AMOUNT_OF_TRANSACTION = ObjectSchema.of()
            .required("cardTransactionId", string(1, 100))
            .required("amount", AMOUNT);

    public static final ObjectSchema BALANCE_INQUIRY = ObjectSchema.of()
            .required("merchant", MERCHANT);

    public static final ObjectSchema TRANSACTION_REF = ObjectSchema.of()
            .required("cardTransactionId", string(1, 100));

    private CardSchemas() {
    }
}
