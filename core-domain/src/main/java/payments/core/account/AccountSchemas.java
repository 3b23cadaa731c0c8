package payments.core.account;

import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of the account endpoints (reference/accounts.md); accountInfo's are {@link AccountInfoSchemas}. */
public final class AccountSchemas {
    /** The most one sandbox funding call brings: a billion of a two-decimal currency's units. */
    public static final long MAX_SANDBOX_FUNDING = 100_000_000_000L;

    public static final ObjectSchema SANDBOX_FUNDING = ObjectSchema.of()
            .required("amount", Types.integer(1, MAX_SANDBOX_FUNDING));

    /** {@code POST /platform/external-accounts}: the platform's own account. */
    public static final ObjectSchema PLATFORM_EXTERNAL_ACCOUNT = ObjectSchema.of()
            .required("currency", Types.currency())
            .optional("platformAccountId", Types.string(1, 255))
            .optional("ownershipType", Types.oneOf("FIRST_PARTY", "THIRD_PARTY"))
            .required("accountInfo", AccountInfoSchemas.CREATE);

    /** {@code POST /customers/external-accounts}: a customer's, or without a customerId the platform's. */
    public static final ObjectSchema CUSTOMER_EXTERNAL_ACCOUNT = PLATFORM_EXTERNAL_ACCOUNT.extend()
            .optional("customerId", Types.string(1, 100))
            .optional("defaultUmaDepositAccount", Types.bool());

    /** {@code POST /agents/me/external-accounts}: the agent's customer's, whom the body does not name. */
    public static final ObjectSchema AGENT_EXTERNAL_ACCOUNT = PLATFORM_EXTERNAL_ACCOUNT.extend()
            .optional("defaultUmaDepositAccount", Types.bool());

    private AccountSchemas() {
    }
}
