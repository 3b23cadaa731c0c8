package payments.ports.quote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import payments.core.error.DomainError;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.quote.Quote;
import payments.ports.account.AccountReads;
import payments.ports.batch.KeyedBatch;
import payments.ports.batch.Request;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transaction.Transactions;
import payments.ports.time.PlatformClock;

/**
 * Making quotes, one platform's requests of a group commit at a time: the accounts and customers they name read
 * once, each priced ({@link QuotePreparation}; refused with its 4xx, writing nothing), and the quotes and their
 * transactions (with their events) written together. A quote to execute at once ({@code immediatelyExecute}) runs
 * as a batch of one, executed in the same database transaction: its execution's refusal must undo its creation, and
 * one transaction cannot undo one request's writes among a batch's.
 */
public final class QuoteCreation implements KeyedBatch.Step<NewQuote, Quote> {
    /** A request and the quote prepared for it. */
    private record Made(Request<NewQuote, Quote> request, QuotePreparation.Prepared prepared) {
    }

    private final AccountReads accounts;
    private final QuotePreparation preparation;
    private final Quotes quotes;
    private final Transactions transactions;
    private final QuoteExecution execution;
    private final PlatformClock clock;

    public QuoteCreation(AccountReads accounts, QuotePreparation preparation, Quotes quotes, Transactions transactions,
                  QuoteExecution execution, PlatformClock clock) {
        this.accounts = accounts;
        this.preparation = preparation;
        this.quotes = quotes;
        this.transactions = transactions;
        this.execution = execution;
        this.clock = clock;
    }

    @Override
    public void run(Caller caller, List<Request<NewQuote, Quote>> open, boolean alone) {
        AccountReads.Reads reads = read(caller, open);
        Instant now = clock.now(caller);
        List<Made> made = new ArrayList<>();
        for (Request<NewQuote, Quote> r : open) {
            if (r.command().immediatelyExecute() && !alone) {
                r.leaveAlone();
                continue;
            }
            try {
                made.add(new Made(r, preparation.prepare(r.caller(), r.command(), reads, now)));
            } catch (DomainError e) {
                r.refuse(e);
            }
        }
        quotes.insertAll(made.stream().map(m -> m.prepared().quote()).toList());
        transactions.insertAll(made.stream().map(m -> m.prepared().transaction()).toList());
        for (Made m : made) {
            Quote quote = m.prepared().quote();
            m.request().made(m.request().command().immediatelyExecute() ? execution.executeNow(caller, quote)
                    : quote);
        }
    }

    /** The accounts the requests name and any customer a source names, read once with the accounts' owners. */
    private AccountReads.Reads read(Caller caller, List<Request<NewQuote, Quote>> open) {
        Set<InternalAccountId> internal = new LinkedHashSet<>();
        Set<ExternalAccountId> external = new LinkedHashSet<>();
        Set<CustomerId> customers = new LinkedHashSet<>();
        for (Request<NewQuote, Quote> r : open) {
            NewQuote q = r.command();
            if (q.source() instanceof NewQuote.FromInternalAccount s) {
                internal.add(s.accountId());
            } else if (q.source() instanceof NewQuote.FromExternalAccount s) {
                external.add(s.accountId());
            }
            if (q.destination() instanceof NewQuote.ToInternalAccount d) {
                internal.add(d.accountId());
            } else if (q.destination() instanceof NewQuote.ToExternalAccount d) {
                external.add(d.accountId());
            }
            if (q.source().customerId() != null) {
                customers.add(q.source().customerId());
            }
        }
        return accounts.preloaded(caller.platformId(), internal, external, customers);
    }
}
