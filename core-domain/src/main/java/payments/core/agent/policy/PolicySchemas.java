package payments.core.agent.policy;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import payments.core.money.Money;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/** The shape of an agent's policy (reference/agents.md, AgentPolicy), whole and as a partial update. */
public final class PolicySchemas {
    static final JsonType AMOUNT = integer(0, Money.MAX_MINOR);

    static final ObjectSchema SPENDING_LIMITS = ObjectSchema.of()
            .required("currency", currency())
            .required("perTransactionLimit", AMOUNT)
            .clearable("dailyLimit", AMOUNT)
            .optional("dailyTransactionLimit", integer(0, 1_000_000))
            .clearable("monthlyLimit", AMOUNT);

    static final ObjectSchema ACCOUNT_RULE = ObjectSchema.of()
            .required("accountId", string(1, 100))
            .optional("executionMode", oneOf(ExecutionMode.class))
            .clearable("perTransactionLimit", AMOUNT);

    static final ObjectSchema ACCOUNT_RESTRICTIONS = ObjectSchema.of()
            .clearable("allowedAccountIds", arrayOf(string(1, 100), 0, 100))
            .optional("accountRules", arrayOf(ACCOUNT_RULE, 0, 100));

    static final ObjectSchema APPROVAL_THRESHOLDS = ObjectSchema.of()
            .optional("currency", currency())
            .clearable("amount", AMOUNT);

    public static final ObjectSchema POLICY = ObjectSchema.of()
            .required("permissions", arrayOf(oneOf(AgentPermission.class), 0, AgentPermission.values().length))
            .required("defaultExecutionMode", oneOf(ExecutionMode.class))
            .required("spendingLimits", SPENDING_LIMITS)
            .optional("accountRestrictions", ACCOUNT_RESTRICTIONS)
            .optional("approvalThresholds", APPROVAL_THRESHOLDS);

    /**
     * {@code PATCH /agents/{id}/policy}: every part optional; {@code permissions} replaces the list,
     * {@code spendingLimits} is merged field by field (a null clears a daily or monthly limit), the restrictions and
     * thresholds replace theirs.
     */
    public static final ObjectSchema POLICY_UPDATE = ObjectSchema.of()
            .optional("permissions", arrayOf(oneOf(AgentPermission.class), 0, AgentPermission.values().length))
            .optional("defaultExecutionMode", oneOf(ExecutionMode.class))
            .optional("spendingLimits", SPENDING_LIMITS.allOptional())
            .clearable("accountRestrictions", ACCOUNT_RESTRICTIONS)
            .clearable("approvalThresholds", APPROVAL_THRESHOLDS);

    private PolicySchemas() {
    }
}
