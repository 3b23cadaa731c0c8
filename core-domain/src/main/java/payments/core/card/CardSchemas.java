package payments.core.card;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import payments.core.money.Money;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of cards (reference/cards.md). */
public final class CardSchemas {
    private static final JsonType SOURCES = arrayOf(string(1, 100), 1, 10);
    private static final JsonType SPEND_LIMIT = integer(1, Money.MAX_MINOR);

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

    /** {@code POST /auth/delegated-keys}: the card, its embedded wallet funding source, a name. */
    public static final ObjectSchema DELEGATED_KEY_CREATE = ObjectSchema.of()
            .required("cardId", string(1, 100))
            .required("internalAccountId", string(1, 100))
            .required("nickname", string(1, 256));

    private CardSchemas() {
    }
}
