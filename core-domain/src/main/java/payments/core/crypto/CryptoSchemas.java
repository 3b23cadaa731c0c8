package payments.core.crypto;

import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import payments.core.money.Money;
import payments.core.validation.ObjectSchema;

/** Request shape of {@code POST /crypto/estimate-withdrawal-fee} (reference/money-movement.md). */
public final class CryptoSchemas {
    /**
     * Every field required. The address is bounded by the longest an external account takes (a Lightning invoice);
     * its network's own rule is {@code WithdrawalFees.checkDestination}'s (core.fx).
     */
    public static final ObjectSchema WITHDRAWAL_FEE_ESTIMATE = ObjectSchema.of()
            .required("internalAccountId", string(1, 100))
            .required("currency", currency())
            .required("cryptoNetwork", oneOf(CryptoNetwork.class))
            .required("amount", integer(1, Money.MAX_MINOR))
            .required("destinationAddress", string(1, 2048));

    private CryptoSchemas() {
    }
}
