package payments.core.agent.policy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import payments.core.error.FieldError;
import payments.core.error.Forbidden;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.money.Money;
import payments.core.validation.Fields;

/**
 * What an agent may do: its permissions, whether its payments run at once or wait for approval, its spending limits
 * (in one currency), which of its customer's internal accounts it may pay from (with per-account rules) and the
 * amount above which a human must approve. Pure: the amounts it compares come converted through {@link ToCurrency}.
 */
public record AgentPolicy(Set<AgentPermission> permissions, ExecutionMode defaultExecutionMode, Limits limits,
                          List<InternalAccountId> allowedAccountIds, List<AccountRule> accountRules,
                          Threshold approvalThreshold) {
    /** Spending limits in {@code currency}; null daily or monthly limit: none. */
    public record Limits(String currency, long perTransaction, Long daily, Integer dailyCount, Long monthly) {
        public Limits {
            Objects.requireNonNull(currency, "currency");
        }
    }

    /** An internal account's own execution mode and per-transaction limit (null: the policy's). */
    public record AccountRule(InternalAccountId accountId, ExecutionMode executionMode, Long perTransaction) {
    }

    /** Above {@code amount} of {@code currency}, a payment waits for approval even in AUTO. */
    public record Threshold(String currency, long amount) {
    }

    public AgentPolicy {
        permissions = permissions.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(permissions));
        Objects.requireNonNull(defaultExecutionMode, "defaultExecutionMode");
        Objects.requireNonNull(limits, "limits");
        allowedAccountIds = allowedAccountIds == null ? null : List.copyOf(allowedAccountIds);
        accountRules = List.copyOf(accountRules);
    }

    /** From a body checked against {@link PolicySchemas#POLICY}; 400 naming every invalid field. */
    public static AgentPolicy of(Fields f, String field) {
        List<FieldError> errors = new ArrayList<>();
        AgentPolicy policy = new AgentPolicy(permissions(f.<String>list("permissions").orElseThrow()),
                ExecutionMode.valueOf(f.string("defaultExecutionMode").orElseThrow()),
                limits(f.object("spendingLimits").orElseThrow()), null, List.of(), null)
                .restricted(f.object("accountRestrictions").orElse(null), field, errors)
                .thresholded(f.object("approvalThresholds").orElse(null), field, errors);
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
        return policy;
    }

    /** This policy with a partial update checked against {@link PolicySchemas#POLICY_UPDATE} applied. */
    public AgentPolicy updated(Fields f) {
        List<FieldError> errors = new ArrayList<>();
        AgentPolicy p = new AgentPolicy(
                f.<String>list("permissions").map(AgentPolicy::permissions).orElse(permissions),
                f.string("defaultExecutionMode").map(ExecutionMode::valueOf).orElse(defaultExecutionMode),
                f.object("spendingLimits").map(this::limitsUpdated).orElse(limits), allowedAccountIds, accountRules,
                approvalThreshold);
        if (f.has("accountRestrictions")) {
            p = new AgentPolicy(p.permissions, p.defaultExecutionMode, p.limits, null, List.of(), p.approvalThreshold)
                    .restricted(f.object("accountRestrictions").orElse(null), "", errors);
        }
        if (f.has("approvalThresholds")) {
            p = p.thresholded(f.object("approvalThresholds").orElse(null), "", errors);
        }
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
        return p;
    }

    /** Refused (403) unless the policy grants {@code permission}. */
    public void require(AgentPermission permission) {
        if (!permissions.contains(permission)) {
            throw new Forbidden("AGENT_PERMISSION_DENIED", "The agent's policy does not grant " + permission);
        }
    }

    /** Refused (403) unless the policy lets the agent use this internal account. */
    public void requireAllowed(InternalAccountId account) {
        if (allowedAccountIds != null && !allowedAccountIds.contains(account)) {
            throw new Forbidden("AGENT_ACCOUNT_NOT_ALLOWED", "The agent's policy does not allow account " + account);
        }
    }

    /**
     * Checks a payment of {@code amount} touching {@code account} against the per-transaction limit (the account's
     * own, if its rule sets one) and returns it in the policy's currency; 403 above it.
     */
    public long requireWithinPerTransaction(InternalAccountId account, Money amount, ToCurrency fx) {
        long converted = fx.convert(amount, limits.currency());
        long max = rule(account).map(AccountRule::perTransaction).filter(Objects::nonNull).orElse(limits.perTransaction);
        if (converted > max) {
            throw new Forbidden("AGENT_SPENDING_LIMIT_EXCEEDED", "The payment is " + converted + " "
                    + limits.currency() + " minor units; the agent may pay at most " + max + " per transaction",
                    Map.of("limit", "perTransactionLimit", "maximum", max));
        }
        return converted;
    }

    /** Whether a payment of {@code amount} touching {@code account} waits for the platform's approval. */
    public boolean needsApproval(InternalAccountId account, Money amount, ToCurrency fx) {
        ExecutionMode mode = rule(account).map(AccountRule::executionMode).filter(Objects::nonNull)
                .orElse(defaultExecutionMode);
        if (mode == ExecutionMode.APPROVAL_REQUIRED) {
            return true;
        }
        return approvalThreshold != null && fx.convert(amount, approvalThreshold.currency())
                > approvalThreshold.amount();
    }

    public Map<String, Object> json() {
        JsonObject spending = JsonObject.of().put("currency", limits.currency())
                .put("perTransactionLimit", limits.perTransaction()).put("dailyLimit", limits.daily())
                .put("dailyTransactionLimit", limits.dailyCount()).put("monthlyLimit", limits.monthly());
        JsonObject json = JsonObject.of()
                .put("permissions", permissions.stream().sorted().map(Enum::name).toList())
                .put("defaultExecutionMode", defaultExecutionMode.name())
                .put("spendingLimits", spending);
        if (allowedAccountIds != null || !accountRules.isEmpty()) {
            json.put("accountRestrictions", JsonObject.of()
                    .put("allowedAccountIds", allowedAccountIds == null ? null
                            : allowedAccountIds.stream().map(Object::toString).toList())
                    .put("accountRules", accountRules.stream().map(r -> JsonObject.of()
                            .put("accountId", r.accountId().toString())
                            .put("executionMode", r.executionMode())
                            .put("perTransactionLimit", r.perTransaction()).map()).toList()));
        }
        if (approvalThreshold != null) {
            json.put("approvalThresholds", JsonObject.of().put("currency", approvalThreshold.currency())
                    .put("amount", approvalThreshold.amount()));
        }
        return json.map();
    }

    private java.util.Optional<AccountRule> rule(InternalAccountId account) {
        return accountRules.stream().filter(r -> r.accountId().equals(account)).findFirst();
    }

    private static Set<AgentPermission> permissions(List<String> names) {
        Set<AgentPermission> set = EnumSet.noneOf(AgentPermission.class);
        names.forEach(n -> set.add(AgentPermission.valueOf(n)));
        return set;
    }

    private static Limits limits(Fields f) {
        return new Limits(f.string("currency").orElseThrow(), f.number("perTransactionLimit").orElseThrow(),
                f.number("dailyLimit").orElse(null),
                f.number("dailyTransactionLimit").map(Long::intValue).orElse(null),
                f.number("monthlyLimit").orElse(null));
    }

    private Limits limitsUpdated(Fields f) {
        return new Limits(f.string("currency").orElse(limits.currency()),
                f.number("perTransactionLimit").orElse(limits.perTransaction()),
                f.has("dailyLimit") ? f.number("dailyLimit").orElse(null) : limits.daily(),
                f.number("dailyTransactionLimit").map(Long::intValue).orElse(limits.dailyCount()),
                f.has("monthlyLimit") ? f.number("monthlyLimit").orElse(null) : limits.monthly());
    }

    private AgentPolicy restricted(Fields f, String prefix, List<FieldError> errors) {
        if (f == null) {
            return this;
        }
        String at = prefix + "accountRestrictions.";
        List<InternalAccountId> allowed = f.<String>list("allowedAccountIds")
                .map(ids -> accountIds(ids, at + "allowedAccountIds", errors)).orElse(null);
        List<AccountRule> rules = new ArrayList<>();
        Set<InternalAccountId> ruled = new HashSet<>();
        List<Fields> given = f.<Fields>list("accountRules").orElse(List.of());
        for (int i = 0; i < given.size(); i++) {
            Fields r = given.get(i);
            String path = at + "accountRules[" + i + "].accountId";
            InternalAccountId id = accountId(r.string("accountId").orElseThrow(), path, errors);
            if (id != null && !ruled.add(id)) {
                errors.add(new FieldError(path, "names an account another rule names"));
            }
            rules.add(new AccountRule(id, r.string("executionMode").map(ExecutionMode::valueOf).orElse(null),
                    r.number("perTransactionLimit").orElse(null)));
        }
        return new AgentPolicy(permissions, defaultExecutionMode, limits, allowed, rules, approvalThreshold);
    }

    private AgentPolicy thresholded(Fields f, String prefix, List<FieldError> errors) {
        Long amount = f == null ? null : f.number("amount").orElse(null);
        Threshold threshold = null;
        if (amount != null) {
            String currency = f.string("currency").orElse(null);
            if (currency == null) {
                errors.add(new FieldError(prefix + "approvalThresholds.currency", "is required with an amount"));
            } else {
                threshold = new Threshold(currency, amount);
            }
        }
        return new AgentPolicy(permissions, defaultExecutionMode, limits, allowedAccountIds, accountRules, threshold);
    }

    private static List<InternalAccountId> accountIds(List<String> ids, String path, List<FieldError> errors) {
        List<InternalAccountId> parsed = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            InternalAccountId id = accountId(ids.get(i), path + "[" + i + "]", errors);
            if (id != null && !parsed.contains(id)) {
                parsed.add(id);
            }
        }
        return parsed;
    }

    /**
     * An internal account id; the reference's examples write it {@code Account:<uuid>}, which is taken as the same
     * account.
     */
    private static InternalAccountId accountId(String text, String path, List<FieldError> errors) {
        String id = text.startsWith("Account:") ? "InternalAccount:" + text.substring("Account:".length()) : text;
        try {
            return InternalAccountId.parse(path, id);
        } catch (payments.core.error.InvalidInput e) {
            errors.add(new FieldError(path, "must be an internal account id (InternalAccount:<uuid>)"));
            return null;
        }
    }
}
