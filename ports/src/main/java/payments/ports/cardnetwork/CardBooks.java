package payments.ports.cardnetwork;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.card.Card;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.FundingPull;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.ledger.Ledger;

/**
 * The ledger side of card transactions. A debit is held on its funding source at authorization and moved to the
 * card network's settlement account as it clears; a credit moves the other way. What the network was paid but the
 * funding source did not give (a pull pending or failed) is owed by the cardholder: a receivable, settled when a
 * pending pull lands. Every journal names its card transaction, which the ledger check follows.
 */
final class CardBooks {
    /** Money on its way to or from the card network, per currency. */
    static final String SETTLEMENT = "CARD_SETTLEMENT";
    /** What cardholders owe for card payments the network was paid for. */
    static final String RECEIVABLE = "CARD_RECEIVABLE";
    private static final String KIND = "CARD";

    /** A clearing's ledger moves: the hold that remains (null: none), and what became owed. */
    record Moved(UUID hold, long owed, boolean failed) {
    }

    private final Ledger ledger;
    private final Ids ids;
    private final Jobs jobs;
    private final Duration pullDelay;

    CardBooks(Ledger ledger, Ids ids, Jobs jobs, Duration pullDelay) {
        this.ledger = ledger;
        this.ids = ids;
        this.jobs = jobs;
        this.pullDelay = pullDelay;
    }

    /** Applies a clearing to the books and to the transaction; a pull left pending is ended by a job. */
    CardTransaction cleared(CardTransaction t, CardTransaction.Clearing clearing, Instant now) {
        Moved moved = clear(t, clearing, now);
        if (moved.owed() > 0 && !moved.failed()) {
            jobs.schedule(pull(t, moved.owed(), now));
        }
        return t.cleared(clearing, moved.hold(), moved.owed(), moved.failed(), now);
    }

    /**
     * The job that ends a delayed pull of {@code amount} ({@link CardPulls}): 0 for an authorization's, which only
     * confirms it.
     */
    Jobs.Job pull(CardTransaction t, long amount, Instant now) {
        return new Jobs.Job(t.platformId(), ids.newId(), CardPulls.KIND, Map.of("cardTransactionId", t.wireId(),
                "amount", amount), now.plus(pullDelay), 0);
    }

    /** Holds {@code amount} under {@code hold} on the first of {@code sources} that covers it; null if none. */
    InternalAccountId holdOnFirstCovering(Card card, List<InternalAccountId> sources, UUID hold, long amount) {
        for (InternalAccountId source : sources) {
            try {
                ledger.hold(card.platformId(), Hold.pending(hold, AccountRef.owned(source.value()), card.currency(),
                        amount));
                return source;
            } catch (InsufficientFunds notCovered) {
                // the next source is tried: a refused hold wrote nothing
            }
        }
        return null;
    }

    private Moved clear(CardTransaction t, CardTransaction.Clearing c, Instant now) {
        if (!t.isDebit()) {
            if (c.amount() > 0) {
                credit(t, c.amount(), now);
            }
            return new Moved(null, 0, false);
        }
        if (t.pull() == FundingPull.CONFIRMATION_FAILS && c.amount() > 0) {
            if (t.holdId() != null) {
                ledger.voidHold(t.platformId(), t.holdId());
            }
            owe(t, c.amount(), now);
            return new Moved(null, c.amount(), true);
        }
        UUID hold = t.holdId();
        long keep = t.heldMinor() - c.fromHold() - c.release();
        if (hold != null && c.fromHold() == t.heldMinor()) {
            ledger.postHold(t.platformId(), hold, toNetwork(t, c.fromHold(), now));
            hold = null;
        } else if (hold != null) {
            ledger.voidHold(t.platformId(), hold); // what it released covers the part posted and the part kept
            hold = null;
            if (c.fromHold() > 0) {
                ledger.post(t.platformId(), toNetwork(t, c.fromHold(), now));
            }
            if (keep > 0) {
                hold = ids.newId();
                ledger.hold(t.platformId(), Hold.pending(hold, account(t), t.currency(), keep));
            }
        }
        if (c.beyondHold() == 0) {
            return new Moved(hold, 0, false);
        }
        if (t.pull() == FundingPull.DELAYED) {
            owe(t, c.beyondHold(), now);
            return new Moved(hold, c.beyondHold(), false);
        }
        long owed = pullOrOwe(t, c.beyondHold(), now);
        return new Moved(hold, owed, owed > 0);
    }

    /**
     * Holds {@code target} for an open debit in place of its hold, when the account covers it; else the hold
     * stays as it was. Returns the amount now held under {@code newHold} (which is then the hold's id).
     */
    long rehold(CardTransaction t, long target, UUID newHold) {
        if (t.holdId() != null) {
            ledger.voidHold(t.platformId(), t.holdId());
        }
        if (target > 0) {
            try {
                ledger.hold(t.platformId(), Hold.pending(newHold, account(t), t.currency(), target));
                return target;
            } catch (InsufficientFunds notCovered) {
                // kept as it was: the rest is pulled when it clears
            }
        }
        if (t.heldMinor() > 0 && target > 0) {
            ledger.hold(t.platformId(), Hold.pending(newHold, account(t), t.currency(), t.heldMinor()));
            return t.heldMinor();
        }
        return 0;
    }

    /** Money from the network to the funding source (a credit clearing, a return). */
    void credit(CardTransaction t, long amount, Instant now) {
        ledger.post(t.platformId(), Journal.transfer(ids.newId(), KIND, t.wireId(), system(t, SETTLEMENT),
                account(t), t.currency(), amount, now));
    }

    /**
     * Pulls {@code amount} from the funding source to the system account {@code to}; false, with nothing written,
     * when the account does not cover it. (Held first: a refused hold writes nothing, where a refused posting
     * would leave its journal half-written for the commit.)
     */
    boolean debit(CardTransaction t, long amount, String to, Instant now) {
        UUID pull = ids.newId();
        try {
            ledger.hold(t.platformId(), Hold.pending(pull, account(t), t.currency(), amount));
        } catch (InsufficientFunds notCovered) {
            return false;
        }
        ledger.postHold(t.platformId(), pull, Journal.transfer(ids.newId(), KIND, t.wireId(), account(t),
                system(t, to), t.currency(), amount, now));
        return true;
    }

    /**
     * Pulls {@code amount} from the funding source to the network now or, when the account does not cover it,
     * books it owed by the cardholder; returns what is owed (0 or {@code amount}).
     */
    long pullOrOwe(CardTransaction t, long amount, Instant now) {
        if (debit(t, amount, SETTLEMENT, now)) {
            return 0;
        }
        owe(t, amount, now);
        return amount;
    }

    /** The network was paid {@code amount} that the cardholder now owes. */
    private void owe(CardTransaction t, long amount, Instant now) {
        ledger.post(t.platformId(), Journal.transfer(ids.newId(), KIND, t.wireId(), system(t, RECEIVABLE),
                system(t, SETTLEMENT), t.currency(), amount, now));
    }

    private Journal toNetwork(CardTransaction t, long amount, Instant now) {
        return Journal.transfer(ids.newId(), KIND, t.wireId(), account(t), system(t, SETTLEMENT), t.currency(),
                amount, now);
    }

    private static AccountRef account(CardTransaction t) {
        return AccountRef.owned(t.accountId().value());
    }

    private static AccountRef system(CardTransaction t, String purpose) {
        return AccountRef.system(t.platformId(), purpose, t.currency());
    }
}
