package payments.ports.driven.ledger;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;

/**
 * The books, following the rules of {@link payments.core.ledger.AccountBalance}. Each call is atomic: it applies
 * completely or raises and changes nothing. Owned accounts never go below zero
 * ({@link payments.core.ledger.InsufficientFunds}); system accounts are created on first use. Every posting records
 * an entry with the account's running balance.
 */
public interface Ledger {
    void post(PlatformId platform, Journal journal);

    /** Reserves the hold's amount on its account (available balance drops, total stays). */
    void hold(PlatformId platform, Hold hold);

    /**
     * {@link #hold} for each, in list order (several on one account are admitted while it still covers them);
     * returns the ids of the holds refused for insufficient funds, for which nothing is written. The others apply
     * as one change.
     */
    default Set<UUID> holdAll(PlatformId platform, List<Hold> holds) {
        Set<UUID> refused = new LinkedHashSet<>();
        for (Hold hold : holds) {
            try {
                hold(platform, hold);
            } catch (InsufficientFunds e) {
                refused.add(hold.id());
            }
        }
        return refused;
    }

    /**
     * Resolves a pending hold by moving the money: {@code journal} debits the hold's account by the hold amount.
     * Raises {@link IllegalStateException} when the hold is not pending (it resolves at most once).
     */
    void postHold(PlatformId platform, UUID holdId, Journal journal);

    /** {@link #postHold} for each hold id and its journal, as one change. */
    default void postHolds(PlatformId platform, Map<UUID, Journal> journalsByHold) {
        journalsByHold.forEach((hold, journal) -> postHold(platform, hold, journal));
    }

    /** Resolves a pending hold by releasing it; nothing moves. Raises when the hold is not pending. */
    void voidHold(PlatformId platform, UUID holdId);

    /**
     * Locks the owned accounts among {@code accounts} for the rest of the transaction, in id order. Work that changes
     * several owned accounts in steps (holds the source, later credits the destination) takes them all here first,
     * so that two such transactions on the same accounts queue instead of deadlocking.
     */
    void lock(PlatformId platform, Collection<UUID> accounts);
}
