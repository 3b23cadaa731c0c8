package payments.ports.quote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.platform.Environment;
import payments.core.quote.Quote;
import payments.core.quote.QuoteJournals;
import payments.ports.driven.Ids;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.spending.Spend;
import payments.ports.spending.SpendingGate;

/**
 * Funds executing quotes: an internal source is held (the holds admitted in order while each account covers them,
 * then posted together), an external one is pulled from, a real-time payment arrives through the rail; either way
 * the money converts through the liquidity accounts into payout pending ({@link QuoteJournals#conversion}).
 */
public final class QuoteFunding {
    private final Ledger ledger;
    private final PaymentRail pullRail;
    private final Ids ids;
    private final SpendingGate gate;

    public QuoteFunding(Ledger ledger, PaymentRail pullRail, Ids ids, SpendingGate gate) {
        this.ledger = ledger;
        this.pullRail = pullRail;
        this.ids = ids;
        this.gate = gate;
    }

    /**
     * Whether the agents executing quotes may spend what they do ({@link SpendingGate}): asked before any quote is
     * funded, in the execution's database transaction.
     */
    SpendingGate.Admission admit(PlatformId platform, List<Spend> spends, Instant now) {
        return spends.isEmpty() ? SpendingGate.Admission.ALL : gate.admit(platform, spends, now);
    }

    /**
     * Locks the owned accounts the quotes debit and credit, in id order, when any of them credits one: an execution
     * holds its source and credits an owned destination in later steps, so two conversions in opposite directions
     * between the same accounts would otherwise each hold one lock and wait for the other (a deadlock).
     */
    void lockOwned(PlatformId platform, List<Quote> quotes) {
        List<UUID> destinations = new ArrayList<>();
        List<UUID> owned = new ArrayList<>();
        for (Quote q : quotes) {
            q.internalSource().ifPresent(id -> owned.add(id.value()));
            AccountRef destination = QuoteJournals.destination(q);
            if (!destination.system()) {
                destinations.add(destination.id());
            }
        }
        if (!destinations.isEmpty()) {
            owned.addAll(destinations);
            ledger.lock(platform, owned);
        }
    }

    /** The hold that funds a quote from its internal account: the sending amount plus fees. */
    Hold hold(Quote q) {
        return Hold.pending(ids.newId(), QuoteJournals.funding(q), q.totalSending().currency().code(),
                q.totalSending().amountMinor());
    }

    /** Admits the holds in order while each account covers them; returns the ids of those refused. */
    Set<UUID> holdAll(PlatformId platform, List<Hold> holds) {
        return holds.isEmpty() ? Set.of() : ledger.holdAll(platform, holds);
    }

    static InvalidInput insufficientBalance(Quote q) {
        return new InvalidInput("INSUFFICIENT_BALANCE", "The source account's available balance is below "
                + q.totalSending().amountMinor() + " (the sending amount plus fees)");
    }

    void release(PlatformId platform, Hold hold) {
        ledger.voidHold(platform, hold.id());
    }

    /** Posts the held quotes' conversions, by hold, as one ledger change. */
    void convertHeld(PlatformId platform, Map<Hold, Quote> held, Instant now) {
        if (held.isEmpty()) {
            return;
        }
        Map<UUID, payments.core.ledger.Journal> conversions = new LinkedHashMap<>();
        held.forEach((hold, q) -> conversions.put(hold.id(), QuoteJournals.conversion(ids.newId(), q,
                QuoteJournals.funding(q), now)));
        ledger.postHolds(platform, conversions);
    }

    /** Pulls a quote's funding from its external account; whether the rail settled it at once. */
    PaymentRail.RailOutcome pull(Environment environment, Quote q, ExternalAccount source) {
        return pullRail.pullFrom(environment, source, q.totalSending());
    }

    /** Money from outside (a pull or a real-time payment) arrived through the sending currency's rail: it converts. */
    void convertArrived(Quote q, Instant now) {
        ledger.post(q.platformId(), QuoteJournals.conversion(ids.newId(), q, QuoteJournals.funding(q), now));
    }
}
