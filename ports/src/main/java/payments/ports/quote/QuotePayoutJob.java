package payments.ports.quote;

import payments.ports.time.JobRunner;
import java.time.Instant;
import java.util.UUID;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;
import payments.ports.driven.Jobs;
import payments.ports.driven.quote.Quotes;

/** A payout's later step: it settles (after a slow rail), or a completed payout comes back and is refunded. */
public final class QuotePayoutJob implements JobRunner.Handler {
    public static final String KIND = "QUOTE_PAYOUT";
    static final String SETTLE = "SETTLE";
    static final String RETURN = "RETURN";
    private final Quotes quotes;
    private final QuoteExecution execution;

    public QuotePayoutJob(Quotes quotes, QuoteExecution execution) {
        this.quotes = quotes;
        this.execution = execution;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        UUID id = UUID.fromString((String) job.payload().get("quoteId"));
        Quote q = quotes.findForUpdate(job.platform(), id).orElseThrow();
        String step = (String) job.payload().get("step");
        if (SETTLE.equals(step) && q.status() == QuoteStatus.PROCESSING) {
            execution.settle(q, execution.transaction(q), now);
        } else if (RETURN.equals(step) && q.status() == QuoteStatus.COMPLETED) {
            execution.returned(q, now);
        }
    }
}
