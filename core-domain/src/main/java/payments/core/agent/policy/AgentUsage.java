package payments.core.agent.policy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Map;
import payments.core.error.Forbidden;
import payments.core.json.JsonObject;

/**
 * What an agent spent today and this month, in its policy's currency, and how many payments it made today. The
 * counters cover the UTC day {@code day} and month {@code month}; read at a later instant they start over
 * ({@link #asOf}): daily at midnight UTC, monthly on the 1st, by the platform's clock.
 */
public record AgentUsage(int dailyCount, long dailySpend, LocalDate day, long monthlySpend, YearMonth month) {
    public static AgentUsage none(Instant now) {
        LocalDate today = today(now);
        return new AgentUsage(0, 0, today, 0, YearMonth.from(today));
    }

    /** The counters as they stand at {@code now}: those of a day or month that has passed start over. */
    public AgentUsage asOf(Instant now) {
        LocalDate today = today(now);
        YearMonth thisMonth = YearMonth.from(today);
        boolean newDay = today.isAfter(day);
        boolean newMonth = thisMonth.isAfter(month);
        return new AgentUsage(newDay ? 0 : dailyCount, newDay ? 0 : dailySpend, newDay ? today : day,
                newMonth ? 0 : monthlySpend, newMonth ? thisMonth : month);
    }

    /**
     * One more payment of {@code amount} (in the limits' currency) at {@code now}, within the daily count and the
     * daily and monthly limits; 403 naming the limit it would pass.
     */
    public AgentUsage admit(AgentPolicy.Limits limits, long amount, Instant now) {
        AgentUsage current = asOf(now);
        if (limits.dailyCount() != null && current.dailyCount + 1 > limits.dailyCount()) {
            throw exceeded("dailyTransactionLimit", limits.dailyCount());
        }
        if (limits.daily() != null && current.dailySpend + amount > limits.daily()) {
            throw exceeded("dailyLimit", limits.daily());
        }
        if (limits.monthly() != null && current.monthlySpend + amount > limits.monthly()) {
            throw exceeded("monthlyLimit", limits.monthly());
        }
        return current.counting(amount);
    }

    /** One more payment of {@code amount}, already admitted: counted as of this usage's day and month. */
    public AgentUsage counting(long amount) {
        return new AgentUsage(dailyCount + 1, dailySpend + amount, day, monthlySpend + amount, month);
    }

    /**
     * A payment of {@code amount} counted at {@code countedAt} did not happen after all (refused or failed): what it
     * took from the budget of that day and month, while they are still the current ones, is given back.
     */
    public AgentUsage givenBack(long amount, Instant countedAt) {
        LocalDate countedDay = today(countedAt);
        boolean sameDay = countedDay.equals(day);
        boolean sameMonth = YearMonth.from(countedDay).equals(month);
        return new AgentUsage(sameDay ? Math.max(0, dailyCount - 1) : dailyCount,
                sameDay ? Math.max(0, dailySpend - amount) : dailySpend, day,
                sameMonth ? Math.max(0, monthlySpend - amount) : monthlySpend, month);
    }

    /** The spent amounts in another currency (the policy's changed), the count unchanged. */
    public AgentUsage redenominated(java.util.function.LongUnaryOperator convert) {
        return new AgentUsage(dailyCount, convert.applyAsLong(dailySpend), day, convert.applyAsLong(monthlySpend),
                month);
    }

    public Map<String, Object> json() {
        return JsonObject.of().put("dailyTransactionCount", dailyCount).put("dailySpend", dailySpend)
                .put("dailyResetDate", day.toString()).put("monthlySpend", monthlySpend)
                .put("monthlyResetMonth", month.toString()).map();
    }

    private static LocalDate today(Instant now) {
        return LocalDate.ofInstant(now, ZoneOffset.UTC);
    }

    private static Forbidden exceeded(String limit, long value) {
        return new Forbidden("AGENT_SPENDING_LIMIT_EXCEEDED", "The payment would pass the agent's " + limit + " of "
                + value, Map.of("limit", limit, "maximum", value));
    }
}
