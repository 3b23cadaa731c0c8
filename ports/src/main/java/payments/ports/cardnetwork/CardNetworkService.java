package payments.ports.cardnetwork;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.card.Card;
import payments.core.card.CardState;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionStatus;
import payments.core.cardnetwork.DeclineReason;
import payments.core.cardnetwork.FundingPull;
import payments.core.error.InvalidInput;
import payments.core.id.CardId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Direction;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.card.CardIssuer;
import payments.ports.driven.card.CardTransactions;
import payments.ports.driven.card.Cards;
import payments.ports.driven.card.DelegatedKeys;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * {@link CardNetworkUseCases}: each message in one database transaction. An authorization locks nothing but its
 * funding source's balance (the ledger's hold is a conditional update of that row), so authorizations on many
 * cards run side by side and those on one account queue on its row; a later message locks its card transaction.
 */
public final class CardNetworkService implements CardNetworkUseCases {
    /** The stores a card message reads and writes. */
    public record Stores(Cards cards, CardTransactions transactions, Customers customers, DelegatedKeys keys,
                         Jobs jobs) {
    }

    private final Stores stores;
    private final CardIssuer issuer;
    private final CardBooks books;
    private final DelegatedStamps stamps;
    private final Events events;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public CardNetworkService(Stores stores, CardIssuer issuer, Ledger ledger, WalletCrypto crypto, Events events,
                              TransactionRunner tx, PlatformClock clock, Ids ids) {
        this.stores = stores;
        this.issuer = issuer;
        this.books = new CardBooks(ledger, ids);
        this.stamps = new DelegatedStamps(stores.keys(), crypto);
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public NetworkAnswer authorize(Caller caller, CardId cardId, AuthorizationKind kind,
                                   NetworkAuthorization command) {
        requireNetwork(caller);
        return tx.inTransaction(() -> {
            Card card = card(caller, cardId);
            if (command.currency() != null && !command.currency().equals(card.currency())) {
                throw new InvalidInput("INVALID_INPUT", "currency: card " + cardId + " is in " + card.currency());
            }
            UUID id = ids.newId();
            String token = "itx_" + EntityId.randomPart(id);
            DeclineReason decline = cardDecline(card, command.amountMinor());
            CardIssuer.Verdict verdict = issuer.authorization(command.merchant());
            if (decline == null) {
                decline = verdict.decline();
            }
            if (decline != null || kind == AuthorizationKind.BALANCE_INQUIRY) {
                return new NetworkAnswer(token, decline, null);
            }
            UUID hold = ids.newId();
            DelegatedStamps.Usable usable = stamps.usable(card);
            InternalAccountId account = kind.direction() == Direction.DEBIT
                    ? books.holdOnFirstCovering(card, usable.sources(), hold, command.amountMinor())
                    : card.fundingSources().get(0);
            if (account == null) {
                return new NetworkAnswer(token, DeclineReason.INSUFFICIENT_FUNDS, null);
            }
            Instant now = clock.now(caller);
            String platformCustomerId = stores.customers().find(caller.platformId(), card.cardholderId())
                    .orElseThrow().platformCustomerId();
            CardTransaction t = CardTransaction.authorized(id, card, platformCustomerId, token, kind.direction(),
                    command.merchant(), command.amountMinor(), account, hold, verdict.pull(), now);
            stamps.stamp(t, usable, now);
            if (t.isDebit() && t.pull() == FundingPull.DELAYED) {
                schedulePull(t, 0, now);
            }
            if (kind.financial()) {
                t = cleared(t, t.clearing(command.amountMinor()), now);
            }
            stores.transactions().insert(t);
            events.cardTransaction(t.status(), t);
            return new NetworkAnswer(token, null, t);
        });
    }

    @Override
    public NetworkAnswer clear(Caller caller, CardId card, NetworkAdjustment command) {
        return adjust(caller, card, command.cardTransactionId(), (t, now) -> {
            CardTransaction next = cleared(t, t.clearing(command.amountMinor()), now);
            return new Change(next, next.status());
        });
    }

    @Override
    public NetworkAnswer advise(Caller caller, CardId card, NetworkAdjustment command) {
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

    @Override
    public NetworkAnswer acceptReturn(Caller caller, CardId card, NetworkAdjustment command) {
        return adjust(caller, card, command.cardTransactionId(), (t, now) -> {
            CardTransaction next = t.returned(command.amountMinor(), now);
            books.credit(t, command.amountMinor(), now);
            return new Change(next, CardTransactionStatus.REFUNDED);
        });
    }

    @Override
    public NetworkAnswer reverseReturn(Caller caller, CardId card, UUID cardTransactionId) {
        return adjust(caller, card, cardTransactionId, (t, now) -> {
            t.requireRefunded();
            long owed = 0;
            if (!books.debit(t, t.refundedMinor(), CardBooks.SETTLEMENT, now)) {
                books.owe(t, t.refundedMinor(), now);
                owed = t.refundedMinor();
            }
            CardTransaction next = t.returnReversed(owed, now);
            return new Change(next, next.status());
        });
    }

    /** A message's effect: the transaction as it now stands, and the event it sends. */
    private record Change(CardTransaction next, CardTransactionStatus event) {
    }

    private interface Adjustment {
        Change apply(CardTransaction current, Instant now);
    }

    /** Loads the card transaction locked (it must be this card's), applies the message, saves it and tells. */
    private NetworkAnswer adjust(Caller caller, CardId cardId, UUID transactionId, Adjustment adjustment) {
        requireNetwork(caller);
        return tx.inTransaction(() -> {
            card(caller, cardId);
            CardTransaction t = stores.transactions().findForUpdate(caller.platformId(), transactionId)
                    .filter(found -> found.cardId().equals(cardId))
                    .orElseThrow(() -> CardTransaction.notFound(transactionId));
            Change change = adjustment.apply(t, clock.now(caller));
            stores.transactions().update(change.next());
            events.cardTransaction(change.event(), change.next());
            return new NetworkAnswer("itx_" + EntityId.randomPart(ids.newId()), null, change.next());
        });
    }

    private CardTransaction cleared(CardTransaction t, CardTransaction.Clearing clearing, Instant now) {
        CardBooks.Moved moved = books.clear(t, clearing, now);
        if (moved.owed() > 0 && !moved.failed()) {
            schedulePull(t, moved.owed(), now);
        }
        return t.cleared(clearing, moved.hold(), moved.owed(), moved.failed(), now);
    }

    /** The card's own reasons to decline: its state, its spend limit. */
    private static DeclineReason cardDecline(Card card, long amount) {
        if (card.state() == CardState.FROZEN) {
            return DeclineReason.CARD_PAUSED;
        }
        if (card.state() != CardState.ACTIVE) {
            return DeclineReason.CARD_NOT_ACTIVE;
        }
        if (card.maxSpendPerTransaction() != null && amount > card.maxSpendPerTransaction()) {
            return DeclineReason.SPEND_LIMIT_EXCEEDED;
        }
        return null;
    }

    private void schedulePull(CardTransaction t, long amount, Instant now) {
        stores.jobs().schedule(new Jobs.Job(t.platformId(), ids.newId(), CardPulls.KIND,
                Map.of("cardTransactionId", t.wireId(), "amount", amount), now.plus(issuer.delayedPullTime()), 0));
    }

    private Card card(Caller caller, CardId id) {
        return stores.cards().find(caller.platformId(), id).orElseThrow(() -> Card.notFound(id));
    }

    private static void requireNetwork(Caller caller) {
        caller.require(Permission.TRANSACT);
        caller.requireSandbox();
    }
}
