package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.common.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;

class JooqQuotesTest {
    private final JooqQuotes quotes = new JooqQuotes(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();

    private Quote pending(long sendingMinor) {
        return new Quote(UUID.randomUUID(), platform, QuoteStatus.PENDING, null,
                Map.of("sourceType", "ACCOUNT", "accountId", "InternalAccount:" + UUID.randomUUID()),
                Map.of("destinationType", "ACCOUNT", "accountId", "ExternalAccount:" + UUID.randomUUID(),
                        "currency", "EUR"),
                new Money(sendingMinor, Currencies.of("USD")), new Money(sendingMinor * 9 / 10, Currencies.of("EUR")),
                100, 40, new BigDecimal("0.900000000000000000"), UUID.randomUUID(), UUID.randomUUID(),
                Map.of("description", "rent", "paymentInstructions", Map.of("reference", "INV-7")),
                Fixtures.now().plusSeconds(300), Fixtures.now(), Fixtures.now());
    }

    @Test
    void transitions_written_one_by_one_or_all_at_once_read_back_whole() {
        Quote one = pending(10_000);
        List<Quote> batch = List.of(pending(20_000), pending(30_000));
        quotes.insert(one);
        quotes.insertAll(batch);
        assertEquals(Optional.of(one), quotes.find(platform, one.id()));

        Quote executing = one.executing(Fixtures.now().plusSeconds(5));
        quotes.update(executing);
        assertEquals(Optional.of(executing), quotes.find(platform, one.id()));

        List<Quote> completed = batch.stream().map(q -> q.executing(Fixtures.now().plusSeconds(6))
                .completed(Fixtures.now().plusSeconds(7))).toList();
        Fixtures.DB.inTransaction(() -> {
            assertEquals(batch.stream().map(Quote::id).sorted().toList(),
                    quotes.findAllForUpdate(platform, batch.stream().map(Quote::id).toList()).keySet().stream()
                            .sorted().toList());
            quotes.updateAll(completed);
        });
        assertEquals(completed.stream().map(Optional::of).toList(),
                batch.stream().map(q -> quotes.find(platform, q.id())).toList());
    }
}
