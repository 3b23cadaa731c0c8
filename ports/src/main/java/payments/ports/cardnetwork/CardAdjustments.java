package payments.ports.cardnetwork;

import java.time.Instant;
import java.util.UUID;
import java.util.function.BiFunction;
import payments.core.card.Card;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionStatus;
import payments.core.id.CardId;
import payments.core.platform.Caller;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.card.CardTransactions;
import payments.ports.driven.card.Cards;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * The network's messages about an earlier card transaction, each in one database transaction that locks it:
 * clearings, advices, returns and return reversals.
 */
final class CardAdjustments {
    /** A message's effect: the transaction as it now stands, and the event it sends. */
    private record Change(CardTransaction next, CardTransactionStatus event) {
    }

    private final Cards cards;
    private final CardTransactions transactions;
    private final CardBooks books;
    private final Events events;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    CardAdjustments(Cards cards, CardTransactions transactions, CardBooks books, Events events,
                    TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.cards = cards;
        this.transactions = transactions;
        this.books = books;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    NetworkAnswer clear(Caller caller, CardId card, NetworkAdjustment command) {
        return adjust(caller, card, command.cardTransactionId(), (t, now) -> {
            CardTransaction next = books.cleared(t, t.clearing(command.amountMinor()), now);
            return new Change(next, next.status());
        });
    }

    NetworkAnswer advise(Caller caller, CardId card, NetworkAdjustment command) {
        return adjust(caller, card, command.cardTransactionId(), (t, now) -> {
            t.clearing(command.amountMinor()); // refused unless the authorization is open
            long target = t.toHoldAfterAdvice(command.amountMinor());
            UUID hold = t.holdId();
            long held = t.heldMinor();
            if (target != held) {
                hold = ids.newId();
                held = books.rehold(t, target, hold);
            }
            return new Change(t.advised(command.amountMinor(), held, hold, now), CardTransactionStatus.AUTHORIZED);
        });
    }

    NetworkAnswer acceptReturn(Caller caller, CardId card, NetworkAdjustment command) {
        return adjust(caller, card, command.cardTransactionId(), (t, now) -> {
            CardTransaction next = t.returned(command.amountMinor(), now);
            books.credit(t, command.amountMinor(), now);
            return new Change(next, CardTransactionStatus.REFUNDED);
        });
    }

    NetworkAnswer reverseReturn(Caller caller, CardId card, UUID cardTransactionId) {
        return adjust(caller, card, cardTransactionId, (t, now) -> {
            t.requireRefunded();
            CardTransaction next = t.returnReversed(books.pullOrOwe(t, t.refundedMinor(), now), now);
            return new Change(next, next.status());
        });
    }

    /** Loads the card transaction locked (it must be this card's), applies the message, saves it and tells. */
    private NetworkAnswer adjust(Caller caller, CardId cardId, UUID transactionId,
                                 BiFunction<CardTransaction, Instant, Change> message) {
        return tx.inTransaction(() -> {
            cards.find(caller.platformId(), cardId).orElseThrow(() -> Card.notFound(cardId));
            CardTransaction t = transactions.findForUpdate(caller.platformId(), transactionId)
                    .filter(found -> found.cardId().equals(cardId))
                    .orElseThrow(() -> CardTransaction.notFound(transactionId));
            Change change = message.apply(t, clock.now(caller));
            transactions.update(change.next());
            events.cardTransaction(change.event(), change.next());
            return new NetworkAnswer(NetworkAnswer.token(ids.newId()), null, change.next());
        });
    }
}
