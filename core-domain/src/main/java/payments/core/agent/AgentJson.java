package payments.core.agent;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;

import java.util.Map;
import payments.core.agent.policy.AgentPermission;
import payments.core.agent.policy.ExecutionMode;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;

/**
 * The JSON of agents, their actions and device codes as the API answers them and the {@code AGENT_ACTION.*} webhooks
 * carry them, with their JSON Schema.
 */
public final class AgentJson {
    public static final Map<String, Object> POLICY = object()
            .required("permissions", arrayOf(enumOf(AgentPermission.class)))
            .required("defaultExecutionMode", enumOf(ExecutionMode.class))
            .required("spendingLimits", object().required("currency", string())
                    .required("perTransactionLimit", integer()).optional("dailyLimit", integer())
                    .optional("dailyTransactionLimit", integer()).optional("monthlyLimit", integer()).schema())
            .optional("accountRestrictions", object().optional("allowedAccountIds", arrayOf(string()))
                    .optional("accountRules", arrayOf(object().required("accountId", string())
                            .optional("executionMode", enumOf(ExecutionMode.class))
                            .optional("perTransactionLimit", integer()).schema())).schema())
            .optional("approvalThresholds", object().optional("currency", string()).optional("amount", integer())
                    .schema())
            .schema();

    public static final Map<String, Object> AGENT = object().required("id", string())
            .required("name", string()).required("customerId", string())
            .required("isPaused", bool()).required("isConnected", bool())
            .required("policy", POLICY)
            .required("usage", object().required("dailyTransactionCount", integer())
                    .required("dailySpend", integer()).optional("dailyResetDate", string())
                    .required("monthlySpend", integer()).optional("monthlyResetMonth", string()).schema())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> ACTION = object().required("id", string())
            .required("agentId", string()).required("customerId", string())
            .required("platformCustomerId", string())
            .required("status", enumOf(AgentActionStatus.class)).required("type", enumOf(AgentActionType.class))
            .optional("quote", ref("Quote"))
            .optional("transferDetails", object().required("amount", integer()).required("currency", string())
                    .required("sourceAccountId", string()).required("destinationAccountId", string()).schema())
            .optional("transaction", ref("Transaction"))
            .optional("rejectionReason", string()).optional("failureReason", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> DEVICE_CODE = object().required("code", string())
            .required("agentId", string()).required("expiresAt", dateTime()).required("redeemed", bool()).schema();

    private AgentJson() {
    }

    public static Map<String, Object> agent(Agent a) {
        return JsonObject.of().put("id", a.id().toString()).put("name", a.name())
                .put("customerId", a.customerId().toString())
                .put("isPaused", a.paused()).put("isConnected", a.connected())
                .put("policy", a.policy().json()).put("usage", a.usage().json())
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    public static Map<String, Object> action(ActionView view) {
        AgentAction a = view.action();
        AgentAction.TransferDetails t = a.transferDetails();
        return JsonObject.of().put("id", a.wireId()).put("agentId", a.agentId().toString())
                .put("customerId", a.customerId().toString()).put("platformCustomerId", a.platformCustomerId())
                .put("status", a.status().name()).put("type", a.type().name())
                .put("quote", view.quote() == null ? null : ResourceJson.quote(view.quote()))
                .put("transferDetails", t == null ? null : JsonObject.of().put("amount", t.amount())
                        .put("currency", t.currency()).put("sourceAccountId", t.sourceAccountId())
                        .put("destinationAccountId", t.destinationAccountId()))
                .put("transaction", view.transaction() == null ? null
                        : ResourceJson.transaction(view.transaction()))
                .put("rejectionReason", a.rejectionReason()).put("failureReason", a.failureReason())
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    /** A device code: {@code code} is known only when it was just issued (it is kept by its hash). */
    public static Map<String, Object> deviceCode(String code, AgentDeviceCode c) {
        return JsonObject.of().put("code", code).put("agentId", c.agentId().toString())
                .put("expiresAt", c.expiresAt()).put("redeemed", c.redeemed()).map();
    }
}
