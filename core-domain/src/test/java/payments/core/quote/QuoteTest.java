package payments.core.quote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;

class QuoteTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    private static Quote pending() {
        return new Quote(UUID.randomUUID(), new PlatformId(UUID.randomUUID()), QuoteStatus.PENDING,
                new CustomerId(UUID.randomUUID()), Map.of("sourceType", "ACCOUNT", "accountId", "InternalAccount:a"),
                Map.of("destinationType", "ACCOUNT", "accountId", "ExternalAccount:b"),
                new Money(10_100, Currencies.of("USD")), new Money(9_200, Currencies.of("EUR")), 100, 40,
                new BigDecimal("0.92"), UUID.randomUUID(), null, Map.of("description", "rent"), NOW.plusSeconds(300),
                NOW, NOW);
    }

    /** The quote with only its status and time replaced: what the store's update writes (JooqQuotes). */
    private static Quote only(Quote q, QuoteStatus status, Instant at) {
        return new Quote(q.id(), q.platformId(), status, q.customerId(), q.source(), q.destination(),
                q.totalSending(), q.totalReceiving(), q.feesMinor(), q.platformFeesMinor(), q.exchangeRate(),
                q.transactionId(), q.lookupId(), q.details(), q.expiresAt(), q.createdAt(), at);
    }

    @Test
    void every_transition_changes_the_status_and_the_time_and_nothing_else() {
        Quote q = pending();
        Instant later = NOW.plusSeconds(10);
        Quote executing = q.executing(later);
        assertEquals(only(q, QuoteStatus.PROCESSING, later), executing);
        assertEquals(only(q, QuoteStatus.COMPLETED, later.plusSeconds(1)), executing.completed(later.plusSeconds(1)));
        assertEquals(only(q, QuoteStatus.FAILED, later.plusSeconds(2)), executing.failed(later.plusSeconds(2)));
        assertEquals(only(q, QuoteStatus.FAILED, later.plusSeconds(3)),
                executing.completed(later).failed(later.plusSeconds(3)));
        assertEquals(only(q, QuoteStatus.EXPIRED, NOW.plusSeconds(400)), q.expired(NOW.plusSeconds(400)));
        assertEquals(only(q, QuoteStatus.EXPIRED, NOW), q.seenAt(NOW.plusSeconds(300)));
    }

    @Test
    void only_a_pending_unexpired_quote_executes() {
        Quote q = pending();
        assertEquals("QUOTE_EXPIRED", assertThrows(Conflict.class, () -> q.executing(NOW.plusSeconds(300))).code());
        for (Quote done : List.of(q.executing(NOW), q.executing(NOW).completed(NOW))) {
            assertEquals("CONFLICT", assertThrows(Conflict.class, () -> done.executing(NOW)).code());
        }
        assertEquals("QUOTE_EXPIRED", assertThrows(Conflict.class, () -> q.expired(NOW).executing(NOW)).code());
    }
}
