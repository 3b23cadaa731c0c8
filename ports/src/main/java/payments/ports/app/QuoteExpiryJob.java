package payments.ports.app;

import java.time.Instant;
import java.util.UUID;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;
import payments.ports.driven.Jobs;
import payments.ports.driven.Quotes;
import payments.ports.driven.Transactions;

/** The sweeper: a quote still pending at its expiry becomes EXPIRED, and so does its transaction. */
public final class QuoteExpiryJob implements JobRunner.Handler {
    public static final String KIND = "QUOTE_EXPIRY";
    private final Quotes quotes;
    private final Transactions transactions;

    public QuoteExpiryJob(Quotes quotes, Transactions transactions) {
        this.quotes = quotes;
        this.transactions = transactions;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        UUID id = UUID.fromString((String) job.payload().get("quoteId"));
        Quote q = quotes.findForUpdate(job.platform(), id).orElseThrow();
        if (q.status() != QuoteStatus.PENDING || now.isBefore(q.expiresAt())) {
            return;
        }
        quotes.update(q.expired(now));
        transactions.findForUpdate(job.platform(), q.transactionId())
                .ifPresent(t -> transactions.update(t.expired(now)));
    }
}
