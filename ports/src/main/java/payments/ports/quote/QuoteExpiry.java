package payments.ports.quote;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import payments.core.id.PlatformId;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionStatus;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.quote.Quotes;
import payments.ports.time.PlatformClock;
import payments.ports.transaction.AnnouncedTransactions;

/**
 * The sweeper: a quote still pending at its expiry becomes EXPIRED, and so does its transaction. It reads the due
 * quotes from their own table (a partial index holds the pending ones), so a quote that is executed is never
 * touched again, and one database transaction expires up to {@value #PER_TRANSACTION} quotes. Readers do not wait
 * for it: a pending quote past its expiry already reads EXPIRED ({@link Quote#seenAt}) and cannot be executed.
 */
public final class QuoteExpiry {
    static final int PER_TRANSACTION = 200;
    private static final int MAX_ROUNDS = 50;
    private final Quotes quotes;
    private final AnnouncedTransactions transactions;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public QuoteExpiry(Quotes quotes, AnnouncedTransactions transactions, PlatformClock clock,
                       TransactionRunner tx) {
        this.quotes = quotes;
        this.transactions = transactions;
        this.clock = clock;
        this.tx = tx;
    }

    /** Expires the due quotes of every platform (skipping those another process holds); returns how many. */
    public int expireDue() {
        return sweep(() -> quotes.claimExpired(realNow(), PER_TRANSACTION));
    }

    /**
     * Expires the platform's due quotes, waiting for those another process holds, so that when it returns none is
     * left pending past its expiry (a sandbox clock advance shows them expired; of a backlog beyond
     * {@value #MAX_ROUNDS} rounds, the workers expire the rest); returns how many it expired.
     */
    public int expireDue(PlatformId platform) {
        return sweep(() -> quotes.awaitExpired(platform, realNow(), PER_TRANSACTION));
    }

    /**
     * The real time to the database's precision (microseconds): a quote it finds due is due by {@link #expire}'s
     * later reading too, where an instant the database rounded up could find quotes that are not yet, round after
     * round.
     */
    private Instant realNow() {
        return clock.realNow().truncatedTo(ChronoUnit.MICROS);
    }

    /** Rounds of one database transaction each, until one finds none due (at most {@value #MAX_ROUNDS}). */
    private int sweep(Supplier<List<Quote>> due) {
        int expired = 0;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            int[] found = {0};
            expired += tx.inTransaction(() -> {
                List<Quote> quotes = due.get();
                found[0] = quotes.size();
                return expire(quotes);
            });
            if (found[0] == 0) {
                break;
            }
        }
        return expired;
    }

    /** Expires the quotes that are due by their platform's clock (read once per platform); returns how many. */
    private int expire(List<Quote> due) {
        Map<PlatformId, List<Quote>> byPlatform = new LinkedHashMap<>();
        due.forEach(q -> byPlatform.computeIfAbsent(q.platformId(), p -> new ArrayList<>()).add(q));
        int expired = 0;
        for (var e : byPlatform.entrySet()) {
            Instant now = clock.now(e.getKey());
            List<Quote> ended = e.getValue().stream().filter(q -> !now.isBefore(q.expiresAt()))
                    .map(q -> q.expired(now)).toList();
            quotes.updateAll(ended);
            Map<UUID, Transaction> stored = transactions.findAllForUpdate(e.getKey(),
                    ended.stream().map(Quote::transactionId).toList());
            // A transaction ended before its quote (cancelled while the quote was pending) keeps its end.
            transactions.updateAll(stored, stored.values().stream()
                    .filter(t -> t.status().canMoveTo(TransactionStatus.EXPIRED)).map(t -> t.expired(now)).toList());
            expired += ended.size();
        }
        return expired;
    }
}
