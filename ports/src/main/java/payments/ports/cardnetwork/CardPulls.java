package payments.ports.cardnetwork;

import java.time.Instant;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionStatus;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.card.CardTransactions;
import payments.ports.driven.ledger.Ledger;
import payments.ports.time.JobRunner;
import payments.ports.webhook.Events;

/**
 * The durable job that ends a delayed funding pull: an authorization's pull is confirmed; a post-hoc pull's amount
 * is taken from the funding source, settling what the cardholder owed, or, when the account no longer covers it,
 * the pull fails and the transaction is an {@code EXCEPTION}.
 */
public final class CardPulls implements JobRunner.Handler {
    public static final String KIND = "CARD_PULL";
    private final CardTransactions transactions;
    private final CardBooks books;
    private final Events events;

    public CardPulls(CardTransactions transactions, Ledger ledger, Jobs jobs, Events events, Ids ids) {
        this.transactions = transactions;
        this.books = new CardBooks(ledger, ids, jobs, java.time.Duration.ZERO); // it schedules no pull
        this.events = events;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        var id = CardTransaction.parseId("cardTransactionId", (String) job.payload().get("cardTransactionId"));
        long amount = ((Number) job.payload().get("amount")).longValue();
        CardTransaction t = transactions.findForUpdate(job.platform(), id).orElse(null);
        if (t == null) {
            return;
        }
        boolean landed = amount == 0 || books.debit(t, amount, CardBooks.RECEIVABLE, now);
        CardTransaction next = t.pullEnded(landed ? amount : 0, !landed, now);
        transactions.update(next);
        if (next.status() == CardTransactionStatus.EXCEPTION && t.status() != CardTransactionStatus.EXCEPTION) {
            events.cardTransaction(CardTransactionStatus.EXCEPTION, next);
        }
    }
}
