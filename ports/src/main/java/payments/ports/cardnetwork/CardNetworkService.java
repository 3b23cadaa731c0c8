package payments.ports.cardnetwork;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import payments.core.card.Card;
import payments.core.card.CardState;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.DeclineReason;
import payments.core.cardnetwork.FundingPull;
import payments.core.error.DomainError;
import payments.core.error.InvalidInput;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Direction;
import payments.ports.batch.Answer;
import payments.ports.batch.Batching;
import payments.ports.batch.GroupCommit;
import payments.ports.batch.KeyedBatch;
import payments.ports.batch.Request;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
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
 * {@link CardNetworkUseCases}. Authorizations are group-committed (the {@link KeyedBatch.Step} here): a batch reads
 * its cards and cardholders once, holds every amount on its card's funding sources in order with one ledger call
 * per round ({@link Ledger#holdAll}: the accounts' rows locked, each hold admitted while its account covers it, so
 * concurrent authorizations never hold more than an account has), and writes the card transactions and their
 * events at once; one commit for all. A batch never takes a card a running batch holds. A message that is not a
 * plain authorization, or a card an embedded wallet funds, runs alone. The later messages are
 * {@link CardAdjustments}'.
 */
public final class CardNetworkService implements CardNetworkUseCases, KeyedBatch.Step<NetworkAuthorization,
        NetworkAnswer> {
    /** The stores a card message reads and writes. */
    public record Stores(Cards cards, CardTransactions transactions, Customers customers, DelegatedKeys keys,
                         Jobs jobs) {
    }

    /** An authorization of a batch while its holds are placed: the funding source tried and its hold. */
    private static final class Holding {
        final Request<NetworkAuthorization, NetworkAnswer> request;
        final Card card;
        final UUID id;
        final CardIssuer.Verdict verdict;
        int source;
        UUID hold;

        Holding(Request<NetworkAuthorization, NetworkAnswer> request, Card card, UUID id, CardIssuer.Verdict verdict,
                UUID hold) {
            this.request = request;
            this.card = card;
            this.id = id;
            this.verdict = verdict;
            this.hold = hold;
        }

        Hold toHold() {
            return Hold.pending(hold, AccountRef.owned(card.fundingSources().get(source).value()), card.currency(),
                    request.command().amountMinor());
        }
    }

    private final Stores stores;
    private final CardIssuer issuer;
    private final Ledger ledger;
    private final CardBooks books;
    private final DelegatedStamps stamps;
    private final CardAdjustments adjustments;
    private final GroupCommit<Request<NetworkAuthorization, NetworkAnswer>, Answer<NetworkAnswer>> authorizations;
    private final Events events;
    private final PlatformClock clock;
    private final Ids ids;

    public CardNetworkService(Stores stores, CardIssuer issuer, Ledger ledger, WalletCrypto crypto, Events events,
                              Batching batching, PlatformClock clock, Ids ids) {
        this.stores = stores;
        this.issuer = issuer;
        this.ledger = ledger;
        this.books = new CardBooks(ledger, ids, stores.jobs(), issuer.delayedPullTime());
        this.stamps = new DelegatedStamps(stores.keys(), crypto);
        this.adjustments = new CardAdjustments(stores.cards(), stores.transactions(), books, events, batching.tx(),
                clock, ids);
        this.events = events;
        this.clock = clock;
        this.ids = ids;
        this.authorizations = batching.groupCommit(this, r -> r.command().card());
    }

    @Override
    public CompletableFuture<NetworkAnswer> authorize(Caller caller, NetworkAuthorization command) {
        requireNetwork(caller);
        return authorizations.submit(new Request<>(caller, command, null)).thenApply(Answer::value);
    }

    @Override
    public NetworkAnswer clear(Caller caller, CardId card, NetworkAdjustment command) {
        requireNetwork(caller);
        return adjustments.clear(caller, card, command);
    }

    @Override
    public NetworkAnswer advise(Caller caller, CardId card, NetworkAdjustment command) {
        requireNetwork(caller);
        return adjustments.advise(caller, card, command);
    }

    @Override
    public NetworkAnswer acceptReturn(Caller caller, CardId card, NetworkAdjustment command) {
        requireNetwork(caller);
        return adjustments.acceptReturn(caller, card, command);
    }

    @Override
    public NetworkAnswer reverseReturn(Caller caller, CardId card, UUID cardTransactionId) {
        requireNetwork(caller);
        return adjustments.reverseReturn(caller, card, cardTransactionId);
    }

    /** One platform's authorizations of a batch, in its database transaction. */
    @Override
    public void run(Caller caller, List<Request<NetworkAuthorization, NetworkAnswer>> open, boolean alone) {
        if (alone || open.size() == 1) {
            for (var r : open) {
                try {
                    r.made(authorizeOne(caller, r.command()));
                } catch (DomainError refused) {
                    r.refuse(refused);
                }
            }
            return;
        }
        Set<CardId> ids = new LinkedHashSet<>();
        open.forEach(r -> ids.add(r.command().card()));
        Map<CardId, Card> cards = stores.cards().findAll(caller.platformId(), ids);
        List<Holding> holding = new ArrayList<>();
        for (var r : open) {
            Card card = cards.get(r.command().card());
            if (card == null || r.command().kind() != AuthorizationKind.AUTHORIZATION
                    || !card.walletSources().isEmpty()) {
                r.leaveAlone(); // refused, or more than a hold: alone, by the same rules
                continue;
            }
            UUID id = this.ids.newId();
            CardIssuer.Verdict verdict = issuer.authorization(r.command().merchant());
            DeclineReason decline;
            try {
                decline = decline(card, r.command(), verdict);
            } catch (DomainError refused) {
                r.refuse(refused);
                continue;
            }
            if (decline != null) {
                r.made(new NetworkAnswer(NetworkAnswer.token(id), decline, null));
            } else {
                holding.add(new Holding(r, card, id, verdict, this.ids.newId()));
            }
        }
        List<Holding> held = holdInOrder(caller, holding);
        if (!held.isEmpty()) {
            record(caller, held);
        }
    }

    /** Holds each on its card's funding sources in order, a round per source; declines those none covers. */
    private List<Holding> holdInOrder(Caller caller, List<Holding> holding) {
        List<Holding> held = new ArrayList<>();
        List<Holding> round = holding;
        while (!round.isEmpty()) {
            Set<UUID> refused = ledger.holdAll(caller.platformId(), round.stream().map(Holding::toHold).toList());
            List<Holding> next = new ArrayList<>();
            for (Holding h : round) {
                if (!refused.contains(h.hold)) {
                    held.add(h);
                } else if (h.source + 1 < h.card.fundingSources().size()) {
                    h.source++;
                    h.hold = ids.newId();
                    next.add(h);
                } else {
                    h.request.made(new NetworkAnswer(NetworkAnswer.token(h.id), DeclineReason.INSUFFICIENT_FUNDS, null));
                }
            }
            round = next;
        }
        return held;
    }

    /** The held authorizations' card transactions, their events and their pending pulls, written at once. */
    private void record(Caller caller, List<Holding> held) {
        Set<CustomerId> holders = new LinkedHashSet<>();
        held.forEach(h -> holders.add(h.card.cardholderId()));
        var customers = stores.customers().findAll(caller.platformId(), holders);
        Instant now = clock.now(caller);
        List<CardTransaction> made = new ArrayList<>();
        List<Jobs.Job> pulls = new ArrayList<>();
        for (Holding h : held) {
            NetworkAuthorization m = h.request.command();
            CardTransaction t = CardTransaction.authorized(h.id, h.card, customers.get(h.card.cardholderId())
                            .platformCustomerId(), NetworkAnswer.token(h.id), Direction.DEBIT, m.merchant(), m.amountMinor(),
                    h.card.fundingSources().get(h.source), h.hold, h.verdict.pull(), now);
            if (t.pull() == FundingPull.DELAYED) {
                pulls.add(books.pull(t, 0, now));
            }
            made.add(t);
            h.request.made(new NetworkAnswer(t.issuerTransactionToken(), null, t));
        }
        stores.transactions().insertAll(made);
        events.cardTransactions(made);
        stores.jobs().scheduleAll(pulls);
    }

    /** An authorization of any kind by itself. */
    private NetworkAnswer authorizeOne(Caller caller, NetworkAuthorization command) {
        Card card = stores.cards().find(caller.platformId(), command.card())
                .orElseThrow(() -> Card.notFound(command.card()));
        UUID id = ids.newId();
        CardIssuer.Verdict verdict = issuer.authorization(command.merchant());
        DeclineReason decline = decline(card, command, verdict);
        if (decline != null || command.kind() == AuthorizationKind.BALANCE_INQUIRY) {
            return new NetworkAnswer(NetworkAnswer.token(id), decline, null);
        }
        UUID hold = ids.newId();
        DelegatedStamps.Usable usable = stamps.usable(card);
        InternalAccountId account = command.kind().direction() == Direction.DEBIT
                ? books.holdOnFirstCovering(card, usable.sources(), hold, command.amountMinor())
                : card.fundingSources().get(0);
        if (account == null) {
            return new NetworkAnswer(NetworkAnswer.token(id), DeclineReason.INSUFFICIENT_FUNDS, null);
        }
        Instant now = clock.now(caller);
        String platformCustomerId = stores.customers().find(caller.platformId(), card.cardholderId())
                .orElseThrow().platformCustomerId();
        CardTransaction t = CardTransaction.authorized(id, card, platformCustomerId, NetworkAnswer.token(id),
                command.kind().direction(), command.merchant(), command.amountMinor(), account, hold,
                verdict.pull(), now);
        stamps.stamp(t, usable, now);
        if (t.isDebit() && t.pull() == FundingPull.DELAYED) {
            stores.jobs().schedule(books.pull(t, 0, now));
        }
        if (command.kind().financial()) {
            t = books.cleared(t, t.clearing(command.amountMinor()), now);
        }
        stores.transactions().insert(t);
        events.cardTransaction(t.status(), t);
        return new NetworkAnswer(NetworkAnswer.token(id), null, t);
    }

    /**
     * Why an authorization is declined before any hold (null: it is not): an authorization in another currency
     * than the card's is refused (400); then the card's state, its spend limit, and the issuer's word.
     */
    private static DeclineReason decline(Card card, NetworkAuthorization command, CardIssuer.Verdict verdict) {
        if (command.currency() != null && !command.currency().equals(card.currency())) {
            throw new InvalidInput("INVALID_INPUT", "currency: card " + card.id() + " is in " + card.currency());
        }
        if (card.state() == CardState.FROZEN) {
            return DeclineReason.CARD_PAUSED;
        }
        if (card.state() != CardState.ACTIVE) {
            return DeclineReason.CARD_NOT_ACTIVE;
        }
        if (card.maxSpendPerTransaction() != null && command.amountMinor() > card.maxSpendPerTransaction()) {
            return DeclineReason.SPEND_LIMIT_EXCEEDED;
        }
        return verdict.decline();
    }

    private static void requireNetwork(Caller caller) {
        caller.require(Permission.TRANSACT);
        caller.requireSandbox();
    }
}
