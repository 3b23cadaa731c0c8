package payments.core.transfer;

import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import payments.core.money.Money;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** Request shapes of {@code POST /transfer-in} and {@code POST /transfer-out} (reference/money-movement.md). */
public final class TransferSchemas {
    /** Why a payment is made, as the reference lists the reasons (transfers and quotes alike). */
    public static final JsonType PURPOSE_OF_PAYMENT = oneOf("GIFT", "SELF", "GOODS_OR_SERVICES", "EDUCATION",
            "HEALTH_OR_MEDICAL", "REAL_ESTATE_PURCHASE", "TAX_PAYMENT", "LOAN_PAYMENT", "UTILITY_BILL", "DONATION",
            "TRAVEL", "FAMILY_SUPPORT", "SALARY_PAYMENT", "OTHER");

    private static final ObjectSchema ACCOUNT_REF = ObjectSchema.of().required("accountId", string(1, 100));

    public static final ObjectSchema TRANSFER_IN = ObjectSchema.of()
            .required("source", ACCOUNT_REF)
            .required("destination", ACCOUNT_REF)
            .required("amount", integer(1, Money.MAX_MINOR))
            .optional("description", string(1, 500));

    public static final ObjectSchema TRANSFER_OUT = ObjectSchema.of()
            .required("source", ACCOUNT_REF)
            .required("destination", ObjectSchema.of()
                    .required("accountId", string(1, 100))
                    .optional("paymentRail", string(1, 32)))
            .required("amount", integer(1, Money.MAX_MINOR))
            .optional("remittanceInformation", string(1, 80))
            .optional("purposeOfPayment", PURPOSE_OF_PAYMENT)
            .optional("description", string(1, 500));

    private TransferSchemas() {
    }
}
