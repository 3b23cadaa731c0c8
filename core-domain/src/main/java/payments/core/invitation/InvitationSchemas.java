package payments.core.invitation;

import static payments.core.validation.Types.dateTime;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.string;

import java.util.Map;
import java.util.regex.Pattern;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidInput;
import payments.core.money.Money;
import payments.core.validation.ObjectSchema;

/**
 * Request shapes of the invitation endpoints (reference/platform.md, "UMA invitations"). UMA addresses are only
 * required to be strings here: a malformed one is the spec's {@code INVALID_UMA_ADDRESS}, checked by
 * {@link #umaAddress}, not a generic {@code INVALID_INPUT}.
 */
public final class InvitationSchemas {
    private static final Pattern UMA_ADDRESS = Pattern.compile(CustomerSchemas.UMA_ADDRESS_PATTERN);
    private static final int MAX_UMA_ADDRESS = 255;

    public static final ObjectSchema CREATE = ObjectSchema.of()
            .required("inviterUma", string())
            .optional("firstName", string(1, 255))
            .optional("amountToSend", integer(1, Money.MAX_MINOR))
            .optional("expiresAt", dateTime());

    public static final ObjectSchema CLAIM = ObjectSchema.of()
            .required("inviteeUma", string());

    /** Cancel takes no body; an empty object is tolerated, any field is unknown. */
    public static final ObjectSchema CANCEL = ObjectSchema.none();

    /** {@code value}, the UMA address in {@code field}, or 400 {@code INVALID_UMA_ADDRESS}. */
    public static String umaAddress(String value, String field) {
        if (value.length() > MAX_UMA_ADDRESS || !UMA_ADDRESS.matcher(value).matches()) {
            throw new InvalidInput("INVALID_UMA_ADDRESS", field + " is not a UMA address ($name@domain)",
                    Map.of("field", field, "pattern", CustomerSchemas.UMA_ADDRESS_PATTERN));
        }
        return value;
    }

    private InvitationSchemas() {
    }
}
