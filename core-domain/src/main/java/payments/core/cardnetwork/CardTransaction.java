package payments.core.cardnetwork;

import java.time.Instant;
import java.util.UUID;
import payments.core.card.Card;
import payments.core.error.Conflict;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.transaction.Direction;
import payments.core.transaction.ListedTransaction;

/**
 * A card's use, as the network reports it in messages: an authorization (a hold on the funding source for a
 * debit), then clearings, returns and advices. Immutable; each message is a method that checks the state and the
 * amounts and returns the transaction as it now stands. The ledger moves the service makes for each message are
 * computed here too ({@link Clearing}), so that the books and the record cannot disagree.
 * {@code heldMinor} is the amount still held on the funding source under {@code holdId}; {@code owedMinor} what
 * the network was paid for it that the funding source has not given (a pull pending or failed), which the books
 * keep as a receivable from the cardholder.
 */
public record CardTransaction(UUID id, PlatformId platformId, CardId cardId, CustomerId customerId,
                              String platformCustomerId, String issuerTransactionToken, CardTransactionStatus status,
                              Direction direction, Merchant merchant, String currency, long authorizedMinor,
                              long settledMinor, long refundedMinor, InternalAccountId accountId, UUID holdId,
                              long heldMinor, long owedMinor, FundingPull pull, Tally pulls, int pendingPulls,
                              Tally refunds,
                              Tally settlements, Instant authorizedAt, Instant lastEventAt, Instant updatedAt)
        implements ListedTransaction {
    public static final String KIND = "CardTransaction";

    /** How many messages of a kind and their total, as the API's summaries show them. */
    public record Tally(int count, long totalMinor) {
        public static final Tally NONE = new Tally(0, 0);

        public Tally plus(long amountMinor) {
            return new Tally(count + 1, Math.addExact(totalMinor, amountMinor));
        }
    }

    /**
     * What a clearing of {@code amount} does: {@code fromHold} is posted out of the hold, {@code beyondHold} is
     * pulled after the fact (over-clearing), {@code release} is given back from the hold because no more clearing
     * is expected ({@code last}: the whole authorization cleared, or a clearing of 0, its expiry).
     */
    public record Clearing(long amount, long fromHold, long beyondHold, long release, boolean last) {
    }

    /** An approved authorization: a debit holds {@code amount} on {@code account} under {@code hold}. */
    public static CardTransaction authorized(UUID id, Card card, String platformCustomerId, String token,
                                             Direction direction, Merchant merchant, long amount,
                                             InternalAccountId account, UUID hold, FundingPull pull, Instant now) {
        boolean debit = direction == Direction.DEBIT;
        return new CardTransaction(id, card.platformId(), card.id(), card.cardholderId(), platformCustomerId, token,
                CardTransactionStatus.AUTHORIZED, direction, merchant, card.currency(), amount, 0, 0, account,
                debit ? hold : null, debit ? amount : 0, 0, pull, debit ? Tally.NONE.plus(amount) : Tally.NONE,
                debit && pull == FundingPull.DELAYED ? 1 : 0, Tally.NONE, Tally.NONE, now, now, now);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public String wireId() {
        return KIND + ":" + id;
    }

    @Override
    public Instant createdAt() {
        return authorizedAt;
    }

    public boolean isDebit() {
        return direction == Direction.DEBIT;
    }

    /** The ledger moves of a clearing of {@code amount} (0: the authorization expired); 409 once it is not open. */
    public Clearing clearing(long amount) {
        requireOpen("cleared");
        long remaining = Math.max(0, authorizedMinor - settledMinor);
        boolean last = amount == 0 || amount >= remaining;
        long fromHold = Math.min(amount, heldMinor);
        long beyondHold = isDebit() ? amount - fromHold : 0;
        return new Clearing(amount, fromHold, beyondHold, last ? heldMinor - fromHold : 0, last);
    }

    /**
     * Cleared as {@code clearing} says, the hold now {@code newHold} (null when nothing is held any more), and
     * {@code owed} more owed by the cardholder: its pull is pending, or failed ({@code failed}: an
     * {@code EXCEPTION}, the network paid and the account not debited).
     */
    public CardTransaction cleared(Clearing clearing, UUID newHold, long owed, boolean failed, Instant now) {
        CardTransactionStatus next = failed ? CardTransactionStatus.EXCEPTION
                : clearing.last() ? CardTransactionStatus.SETTLED : CardTransactionStatus.PARTIALLY_SETTLED;
        boolean pulledAfter = clearing.beyondHold() > 0;
        long held = heldMinor - clearing.fromHold() - clearing.release();
        return new CardTransaction(id, platformId, cardId, customerId, platformCustomerId, issuerTransactionToken,
                move(next), direction, merchant, currency, authorizedMinor,
                Math.addExact(settledMinor, clearing.amount()), refundedMinor, accountId, held > 0 ? newHold : null,
                held, owedMinor + owed, pull, pulledAfter ? pulls.plus(clearing.beyondHold()) : pulls,
                pendingPulls + (pulledAfter && pull == FundingPull.DELAYED && !failed ? 1 : 0), refunds,
                clearing.amount() > 0 ? settlements.plus(clearing.amount()) : settlements, authorizedAt, now, now);
    }

    /**
     * The network's new total for this open authorization ({@code authorization_advice}); {@code newHeld} is now
     * held under {@code newHold}.
     */
    public CardTransaction advised(long newTotal, long newHeld, UUID newHold, Instant now) {
        requireOpen("advised");
        if (newTotal < settledMinor) {
            throw new InvalidInput("INVALID_INPUT", "amount: the new total " + newTotal
                    + " is below what was already settled (" + settledMinor + ")");
        }
        return new CardTransaction(id, platformId, cardId, customerId, platformCustomerId, issuerTransactionToken,
                move(status), direction, merchant, currency, newTotal, settledMinor, refundedMinor, accountId,
                newHeld > 0 ? newHold : null, newHeld, owedMinor, pull, pulls, pendingPulls, refunds, settlements,
                authorizedAt, now, now);
    }

    /** What a debit should hold after an advice of {@code newTotal}: the part of it not settled yet. */
    public long toHoldAfterAdvice(long newTotal) {
        return isDebit() ? Math.max(0, newTotal - settledMinor) : 0;
    }

    /** A merchant's return of {@code amount}: whole makes it {@code REFUNDED}, a part keeps it settled. */
    public CardTransaction returned(long amount, Instant now) {
        if (!isDebit() || (status != CardTransactionStatus.SETTLED
                && status != CardTransactionStatus.PARTIALLY_SETTLED)) {
            throw new Conflict("CONFLICT", wireId() + " is a " + direction + " " + status + " and takes no return");
        }
        long returnable = settledMinor - refundedMinor;
        if (amount > returnable) {
            throw new InvalidInput("INVALID_INPUT", "amount: at most " + returnable + " can be returned");
        }
        long refunded = refundedMinor + amount;
        CardTransactionStatus next = refunded == settledMinor && status == CardTransactionStatus.SETTLED
                ? CardTransactionStatus.REFUNDED : status;
        return new CardTransaction(id, platformId, cardId, customerId, platformCustomerId, issuerTransactionToken,
                move(next), direction, merchant, currency, authorizedMinor, settledMinor, refunded, accountId,
                holdId, heldMinor, owedMinor, pull, pulls, pendingPulls, refunds.plus(amount), settlements,
                authorizedAt, now, now);
    }

    /** Whether a return reversal applies: only to a {@code REFUNDED} transaction. */
    public void requireRefunded() {
        if (status != CardTransactionStatus.REFUNDED) {
            throw new Conflict("CONFLICT", wireId() + " is " + status + ": only a REFUNDED transaction's return "
                    + "is reversed");
        }
    }

    /**
     * The network took back the returns of a {@code REFUNDED} transaction: settled again, its refunded amount
     * debited back, or {@code owed} where the account did not cover it (an {@code EXCEPTION}).
     */
    public CardTransaction returnReversed(long owed, Instant now) {
        requireRefunded();
        return new CardTransaction(id, platformId, cardId, customerId, platformCustomerId, issuerTransactionToken,
                move(owed > 0 ? CardTransactionStatus.EXCEPTION : CardTransactionStatus.SETTLED), direction,
                merchant, currency, authorizedMinor, settledMinor, 0, accountId, holdId, heldMinor,
                owedMinor + owed, pull, pulls, pendingPulls, Tally.NONE, settlements, authorizedAt, now, now);
    }

    /**
     * A pending pull confirmed: {@code landed} of what was owed came from the account, or the pull failed
     * ({@code failed}: an {@code EXCEPTION}, the amount stays owed).
     */
    public CardTransaction pullEnded(long landed, boolean failed, Instant now) {
        return new CardTransaction(id, platformId, cardId, customerId, platformCustomerId, issuerTransactionToken,
                failed && status != CardTransactionStatus.EXCEPTION ? move(CardTransactionStatus.EXCEPTION) : status,
                direction, merchant, currency,
                authorizedMinor, settledMinor, refundedMinor, accountId, holdId, heldMinor, owedMinor - landed, pull,
                pulls, Math.max(0, pendingPulls - 1), refunds, settlements, authorizedAt, now, now);
    }

    private CardTransactionStatus move(CardTransactionStatus next) {
        if (!status.canMoveTo(next)) {
            throw new Conflict("CONFLICT", wireId() + " is " + status + " and cannot become " + next);
        }
        return next;
    }

    private void requireOpen(String action) {
        if (!status.isOpen()) {
            throw new Conflict("CONFLICT", wireId() + " is " + status + " and cannot be " + action
                    + " (it must be AUTHORIZED or PARTIALLY_SETTLED)");
        }
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("TRANSACTION_NOT_FOUND", "No card transaction " + KIND + ":" + id);
    }
}
