package payments.core.agent.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;
import payments.core.error.Forbidden;

class AgentUsageTest {
    private static final AgentPolicy.Limits LIMITS = new AgentPolicy.Limits("USD", 1_000, 3_000L, 3, 5_000L);
    private static final Instant DAY = Instant.parse("2026-03-31T10:00:00Z");

    @Test
    void payments_count_until_a_limit_would_be_passed() {
        AgentUsage usage = AgentUsage.none(DAY).admit(LIMITS, 1_000, DAY).admit(LIMITS, 2_000, DAY);
        assertEquals(new AgentUsage(2, 3_000, LocalDate.parse("2026-03-31"), 3_000, YearMonth.of(2026, 3)), usage);
        var refused = assertThrows(Forbidden.class, () -> usage.admit(LIMITS, 1, DAY));
        assertEquals("AGENT_SPENDING_LIMIT_EXCEEDED", refused.code());
        assertEquals("dailyLimit", refused.details().get("limit"));
        var counted = assertThrows(Forbidden.class, () -> AgentUsage.none(DAY).admit(LIMITS, 1, DAY)
                .admit(LIMITS, 1, DAY).admit(LIMITS, 1, DAY).admit(LIMITS, 1, DAY));
        assertEquals("dailyTransactionLimit", counted.details().get("limit"));
    }

    @Test
    void the_day_starts_over_at_midnight_utc_and_the_month_on_the_first() {
        AgentUsage spent = AgentUsage.none(DAY).admit(LIMITS, 2_000, DAY);
        assertEquals(spent, spent.asOf(Instant.parse("2026-03-31T23:59:59Z")));
        AgentUsage nextDay = spent.asOf(Instant.parse("2026-04-01T00:00:00Z"));
        assertEquals(new AgentUsage(0, 0, LocalDate.parse("2026-04-01"), 0, YearMonth.of(2026, 4)), nextDay);
        AgentUsage sameMonth = AgentUsage.none(Instant.parse("2026-03-01T00:00:00Z"))
                .admit(LIMITS, 2_000, Instant.parse("2026-03-01T00:00:00Z")).asOf(DAY);
        assertEquals(new AgentUsage(0, 0, LocalDate.parse("2026-03-31"), 2_000, YearMonth.of(2026, 3)), sameMonth);
        var monthlyOnly = new AgentPolicy.Limits("USD", 5_000, null, null, 5_000L);
        assertEquals(5_000, sameMonth.admit(monthlyOnly, 3_000, DAY).monthlySpend());
        var monthly = assertThrows(Forbidden.class, () -> sameMonth.admit(monthlyOnly, 3_001, DAY));
        assertEquals("monthlyLimit", monthly.details().get("limit"));
    }

    @Test
    void a_failed_payment_gives_back_only_to_the_day_and_month_it_counted_in() {
        AgentUsage spent = AgentUsage.none(DAY).admit(LIMITS, 2_000, DAY);
        assertEquals(new AgentUsage(0, 0, LocalDate.parse("2026-03-31"), 0, YearMonth.of(2026, 3)),
                spent.givenBack(2_000, DAY));
        AgentUsage later = spent.asOf(Instant.parse("2026-04-02T00:00:00Z")).admit(LIMITS, 500,
                Instant.parse("2026-04-02T00:00:00Z"));
        assertEquals(later, later.givenBack(2_000, DAY), "March's payment gives nothing back to April");
    }
}
