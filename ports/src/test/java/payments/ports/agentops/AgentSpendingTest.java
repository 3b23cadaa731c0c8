package payments.ports.agentops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.agent.Agent;
import payments.core.agent.AgentActionType;
import payments.core.agent.OnBehalf;
import payments.core.agent.policy.AgentPolicy;
import payments.core.agent.policy.AgentUsage;
import payments.core.agent.policy.PolicySchemas;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.ports.driven.agent.AgentActions;
import payments.ports.driven.agent.Agents;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;

/** The spending gate's decisions on one batch, against agents as their rows stand (locked) in it. */
class AgentSpendingTest {
    private static final PlatformId PLATFORM = new PlatformId(UUID.randomUUID());
    private static final CustomerId CUSTOMER = new CustomerId(UUID.randomUUID());
    private static final Instant NOW = Instant.parse("2026-05-05T12:00:00Z");
    private final Map<AgentId, Agent> rows = new HashMap<>();
    private final SpendingGate gate = new AgentSpending(agents(), unusedActions());

    private Agent agent(boolean paused, Long dailyLimit) {
        AgentPolicy policy = AgentPolicy.of(PolicySchemas.POLICY.validate(Map.of("permissions", List.of(),
                "defaultExecutionMode", "AUTO", "spendingLimits", dailyLimit == null
                        ? Map.of("currency", "USD", "perTransactionLimit", 1_000)
                        : Map.of("currency", "USD", "perTransactionLimit", 1_000, "dailyLimit", dailyLimit))), "");
        Agent a = new Agent(new AgentId(UUID.randomUUID()), PLATFORM, CUSTOMER, "bot", paused, true, policy,
                AgentUsage.none(NOW), NOW.minusSeconds(60), NOW.minusSeconds(60));
        rows.put(a.id(), a);
        return a;
    }

    private static Spend spend(Agent decidedBy, CustomerId owner, long amount) {
        return new Spend(new OnBehalf(decidedBy.id(), CUSTOMER).paying(UUID.randomUUID(), amount, decidedBy),
                AgentActionType.TRANSFER_OUT, owner, null);
    }

    @Test
    void a_payment_is_refused_when_its_agent_is_gone_paused_another_customers_or_changed_since_it_was_decided() {
        Agent active = agent(false, null);
        Agent paused = agent(true, null);
        Agent gone = agent(false, null);
        rows.remove(gone.id());
        Agent changed = agent(false, null);
        Agent asDecided = new Agent(changed.id(), PLATFORM, CUSTOMER, "bot", false, true, changed.policy(),
                changed.usage(), changed.createdAt(), changed.updatedAt().minusSeconds(1));
        Spend fine = spend(active, CUSTOMER, 10);
        Spend fromPaused = spend(paused, CUSTOMER, 10);
        Spend fromGone = spend(gone, CUSTOMER, 10);
        Spend foreign = spend(active, new CustomerId(UUID.randomUUID()), 10);
        Spend stale = spend(asDecided, CUSTOMER, 10);

        var admission = gate.admit(PLATFORM, List.of(fine, fromPaused, fromGone, foreign, stale), NOW);
        assertNull(admission.refusal(fine));
        assertEquals("AGENT_PAUSED", admission.refusal(fromPaused).code());
        assertEquals("UNAUTHORIZED", admission.refusal(fromGone).code());
        assertEquals("REFERENCE_NOT_FOUND", admission.refusal(foreign).code());
        assertEquals("AGENT_CHANGED", admission.refusal(stale).code());
    }

    @Test
    void payments_of_one_batch_are_counted_one_after_the_other_against_the_daily_limit() {
        Agent agent = agent(false, 25L);
        Spend first = spend(agent, CUSTOMER, 10);
        Spend second = spend(agent, CUSTOMER, 10);
        Spend third = spend(agent, CUSTOMER, 10);
        var admission = gate.admit(PLATFORM, List.of(first, second, third), NOW);
        assertNull(admission.refusal(first));
        assertNull(admission.refusal(second));
        assertEquals("AGENT_SPENDING_LIMIT_EXCEEDED", admission.refusal(third).code());
    }

    /** The agents' rows; only what the gate's admission uses. */
    private Agents agents() {
        return (Agents) Proxy.newProxyInstance(Agents.class.getClassLoader(), new Class<?>[] {Agents.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("findAllForUpdate")) {
                        Map<AgentId, Agent> found = new HashMap<>();
                        for (Object id : (Collection<?>) args[1]) {
                            if (rows.containsKey(id)) {
                                found.put((AgentId) id, rows.get(id));
                            }
                        }
                        return found;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static AgentActions unusedActions() {
        return (AgentActions) Proxy.newProxyInstance(AgentActions.class.getClassLoader(),
                new Class<?>[] {AgentActions.class}, (proxy, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
