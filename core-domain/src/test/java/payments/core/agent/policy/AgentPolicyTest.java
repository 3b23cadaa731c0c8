package payments.core.agent.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.Forbidden;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.InternalAccountId;
import payments.core.money.Currencies;
import payments.core.money.Money;

class AgentPolicyTest {
    private static final InternalAccountId ACCOUNT = new InternalAccountId(UUID.randomUUID());
    private static final InternalAccountId OTHER = new InternalAccountId(UUID.randomUUID());
    /** 1 EUR = 2 USD, to see conversions. */
    private static final ToCurrency FX = (amount, currency) -> amount.currency().code().equals(currency)
            ? amount.amountMinor() : amount.currency().code().equals("EUR") ? amount.amountMinor() * 2
            : amount.amountMinor() / 2;

    private static AgentPolicy policy(Map<String, Object> more) {
        Map<String, Object> body = new HashMap<>(Map.of("permissions", List.of("CREATE_TRANSFERS"),
                "defaultExecutionMode", "AUTO", "spendingLimits", Map.of("currency", "USD",
                        "perTransactionLimit", 1_000)));
        body.putAll(more);
        return AgentPolicy.of(PolicySchemas.POLICY.validate(body), "policy.");
    }

    private static Money usd(long minor) {
        return new Money(minor, Currencies.of("USD"));
    }

    @Test
    void amounts_are_compared_in_the_policys_currency_and_an_account_rule_overrides_the_limit() {
        AgentPolicy p = policy(Map.of("accountRestrictions", Map.of("accountRules", List.of(Map.of(
                "accountId", "Account:" + OTHER.value(), "perTransactionLimit", 50)))));
        assertEquals(1_000, p.requireWithinPerTransaction(ACCOUNT, usd(1_000), FX));
        assertEquals(1_000, p.requireWithinPerTransaction(ACCOUNT, new Money(500, Currencies.of("EUR")), FX));
        assertThrows(Forbidden.class, () -> p.requireWithinPerTransaction(ACCOUNT,
                new Money(501, Currencies.of("EUR")), FX));
        assertThrows(Forbidden.class, () -> p.requireWithinPerTransaction(OTHER, usd(51), FX),
                "the reference's Account:<uuid> names the internal account");
    }

    @Test
    void approval_is_needed_by_mode_by_account_rule_or_above_the_threshold() {
        assertFalse(policy(Map.of()).needsApproval(ACCOUNT, usd(1_000), FX));
        assertTrue(policy(Map.of("defaultExecutionMode", "APPROVAL_REQUIRED")).needsApproval(ACCOUNT, usd(1), FX));
        AgentPolicy ruled = policy(Map.of("accountRestrictions", Map.of("accountRules", List.of(Map.of(
                "accountId", ACCOUNT.toString(), "executionMode", "APPROVAL_REQUIRED")))));
        assertTrue(ruled.needsApproval(ACCOUNT, usd(1), FX));
        assertFalse(ruled.needsApproval(OTHER, usd(1), FX));
        AgentPolicy threshold = policy(Map.of("approvalThresholds", Map.of("currency", "EUR", "amount", 100)));
        assertFalse(threshold.needsApproval(ACCOUNT, usd(200), FX));
        assertTrue(threshold.needsApproval(ACCOUNT, usd(202), FX));
        assertFalse(threshold.needsApproval(null, usd(2), FX), "a payment touching no internal account");
    }

    @Test
    void the_allowed_accounts_and_the_permissions_are_enforced() {
        AgentPolicy p = policy(Map.of("accountRestrictions", Map.of("allowedAccountIds",
                List.of(ACCOUNT.toString()))));
        p.requireAllowed(ACCOUNT);
        assertEquals("AGENT_ACCOUNT_NOT_ALLOWED", assertThrows(Forbidden.class, () -> p.requireAllowed(OTHER))
                .code());
        p.require(AgentPermission.CREATE_TRANSFERS);
        assertEquals("AGENT_PERMISSION_DENIED", assertThrows(Forbidden.class,
                () -> p.require(AgentPermission.EXECUTE_QUOTES)).code());
    }

    @Test
    void an_update_replaces_permissions_merges_limits_and_a_null_clears_a_limit() {
        AgentPolicy p = policy(Map.of("spendingLimits", Map.of("currency", "USD", "perTransactionLimit", 1_000,
                "dailyLimit", 5_000, "monthlyLimit", 9_000)));
        Map<String, Object> limits = new HashMap<>();
        limits.put("dailyLimit", null);
        limits.put("perTransactionLimit", 10);
        AgentPolicy updated = p.updated(PolicySchemas.POLICY_UPDATE.validate(Map.of("permissions",
                List.of("VIEW_TRANSACTIONS"), "spendingLimits", limits)));
        assertEquals(new AgentPolicy.Limits("USD", 10, null, null, 9_000L), updated.limits());
        assertEquals(java.util.Set.of(AgentPermission.VIEW_TRANSACTIONS), updated.permissions());
        assertEquals(updated, AgentPolicy.of(PolicySchemas.POLICY.validate(updated.json()), ""),
                "its JSON reads back as itself");
    }

    @Test
    void an_invalid_account_or_a_threshold_without_currency_is_named() {
        var bad = assertThrows(InvalidInput.class, () -> policy(Map.of("accountRestrictions", Map.of(
                "allowedAccountIds", List.of("Customer:" + UUID.randomUUID())), "approvalThresholds",
                Map.of("amount", 5))));
        assertEquals(List.of("policy.accountRestrictions.allowedAccountIds[0]", "policy.approvalThresholds.currency"),
                InvalidFields.errorsOf(bad).stream().map(e -> e.field()).toList());
    }
}
