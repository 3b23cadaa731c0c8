package payments.ports.quote;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.platform.Caller;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;

/**
 * Cross-currency quotes: a locked price for a payment, with its PENDING transaction, executed until it expires. The
 * creation and the execution run by group commit: their results complete once their batch committed, exceptionally
 * with their refusal.
 */
public interface QuoteUseCases {
    /** Prices and records a quote, and executes it at once when it asks to (TRANSACT). */
    CompletableFuture<Quote> create(Caller caller, NewQuote command);

    /** {@link #create(Caller, NewQuote)} under an Idempotency-Key: a repeat gets the kept response. */
    CompletableFuture<Sent> create(Caller caller, NewQuote command, Keyed<Quote> key);

    /** The quote as it stands now: a pending one past its expiry reads EXPIRED (VIEW). */
    Quote get(Caller caller, UUID id);

    /** Funds the quote, converts and pays out (TRANSACT). */
    CompletableFuture<Quote> execute(Caller caller, ExecuteQuote command);

    /** {@link #execute(Caller, ExecuteQuote)} under an Idempotency-Key: a repeat gets the kept response. */
    CompletableFuture<Sent> execute(Caller caller, ExecuteQuote command, Keyed<Quote> key);

    /** Sandbox: the real-time payment a quote's instructions asked for arrives, and the quote executes (TRANSACT). */
    Transaction fundRealtime(Caller caller, RealtimeFunding command);
}
