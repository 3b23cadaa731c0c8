package payments.core.quote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;

/**
 * The ledger movements of a quote's life, each balanced per currency. The sending side flows from the funding
 * account into the sending currency's liquidity account (and the fee to platform revenue); the receiving side flows
 * out of the receiving currency's liquidity account into "payout pending", and from there to its destination. A
 * refund is the exact reverse: new entries, never an edit.
 */
public final class QuoteJournals {
    public static final String LIQUIDITY = "LIQUIDITY";
    public static final String PLATFORM_REVENUE = "PLATFORM_REVENUE";
    public static final String PAYOUT_PENDING = "PAYOUT_PENDING";
    public static final String PAYOUT_SUSPENSE = "PAYOUT_SUSPENSE";

    private QuoteJournals() {
    }

    /** Execution: the funding account pays the total; the receiving amount waits in payout pending. */
    public static Journal conversion(UUID journalId, Quote q, AccountRef funding, Instant at) {
        List<Posting> p = new ArrayList<>();
        p.add(new Posting(funding, sending(q), -q.totalSending().amountMinor()));
        p.add(new Posting(system(q, LIQUIDITY, sending(q)), sending(q), net(q)));
        if (q.feesMinor() > 0) {
            p.add(new Posting(system(q, PLATFORM_REVENUE, sending(q)), sending(q), q.feesMinor()));
        }
        p.add(new Posting(system(q, LIQUIDITY, receiving(q)), receiving(q), -q.totalReceiving().amountMinor()));
        p.add(new Posting(system(q, PAYOUT_PENDING, receiving(q)), receiving(q), q.totalReceiving().amountMinor()));
        return new Journal(journalId, "QUOTE_CONVERSION", q.transactionReference(), p, at);
    }

    /** The payout settles: payout pending → the destination (a rail's settlement account or an internal account). */
    public static Journal payout(UUID journalId, Quote q, AccountRef destination, Instant at) {
        return Journal.transfer(journalId, "QUOTE_PAYOUT", q.transactionReference(),
                system(q, PAYOUT_PENDING, receiving(q)), destination, receiving(q), q.totalReceiving().amountMinor(),
                at);
    }

    /** The sender gets everything back, fees included; the receiving amount leaves {@code heldAt}. */
    public static Journal refund(UUID journalId, Quote q, AccountRef heldAt, AccountRef funding, Instant at) {
        List<Posting> p = new ArrayList<>();
        p.add(new Posting(heldAt, receiving(q), -q.totalReceiving().amountMinor()));
        p.add(new Posting(system(q, LIQUIDITY, receiving(q)), receiving(q), q.totalReceiving().amountMinor()));
        p.add(new Posting(system(q, LIQUIDITY, sending(q)), sending(q), -net(q)));
        if (q.feesMinor() > 0) {
            p.add(new Posting(system(q, PLATFORM_REVENUE, sending(q)), sending(q), -q.feesMinor()));
        }
        p.add(new Posting(funding, sending(q), q.totalSending().amountMinor()));
        return new Journal(journalId, "QUOTE_REFUND", q.transactionReference(), p, at);
    }

    /** Neither payout nor refund went through: the receiving amount waits in suspense for an operator. */
    public static Journal suspend(UUID journalId, Quote q, Instant at) {
        return Journal.transfer(journalId, "QUOTE_SUSPENSE", q.transactionReference(),
                system(q, PAYOUT_PENDING, receiving(q)), system(q, PAYOUT_SUSPENSE, receiving(q)), receiving(q),
                q.totalReceiving().amountMinor(), at);
    }

    /** Where the sender's money came from, and where a refund returns it: its internal account, or the rail. */
    public static AccountRef funding(Quote q) {
        return q.internalSource().map(id -> AccountRef.owned(id.value()))
                .orElseGet(() -> system(q, AccountRef.RAIL_SETTLEMENT, sending(q)));
    }

    /** Where the receiving amount goes when the payout settles: an internal account, or the UMA network or the rail. */
    public static AccountRef destination(Quote q) {
        if (q.umaDestination().isPresent()) {
            return system(q, AccountRef.UMA_SETTLEMENT, receiving(q));
        }
        return q.internalDestination().map(id -> AccountRef.owned(id.value()))
                .orElseGet(() -> system(q, AccountRef.RAIL_SETTLEMENT, receiving(q)));
    }

    public static AccountRef system(Quote q, String purpose, String currency) {
        return AccountRef.system(q.platformId(), purpose, currency);
    }

    private static long net(Quote q) {
        return q.totalSending().amountMinor() - q.feesMinor();
    }

    private static String sending(Quote q) {
        return q.totalSending().currency().code();
    }

    private static String receiving(Quote q) {
        return q.totalReceiving().currency().code();
    }
}
