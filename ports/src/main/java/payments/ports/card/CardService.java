package payments.ports.card;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import payments.core.account.InternalAccountType;
import payments.core.card.Card;
import payments.core.card.CardFilter;
import payments.core.card.CardState;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.error.Forbidden;
import payments.core.error.Gone;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.error.NotImplemented;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.card.CardIssuer;
import payments.ports.driven.card.CardReveals.CardReveal;
import payments.ports.driven.card.CardReveals;
import payments.ports.driven.card.Cards;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.TokenSecrets;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/**
 * {@link CardUseCases} and the reveal page's {@link CardRevealUseCases}. Cards are issued by the sandbox's issuer
 * only: a production platform has none configured and gets 501. A card is provisioned by a durable job
 * ({@link CardProvisioning}); each change of state or funding is a {@code CARD.*} event.
 */
public final class CardService implements CardUseCases, CardRevealUseCases {
    static final Duration REVEAL_TIME = Duration.ofMinutes(5);
    private static final Logger LOG = Logger.getLogger(CardService.class.getName());

    /** The stores and services a card's use cases read and write. */
    public record Stores(Cards cards, CardReveals reveals, Customers customers, InternalAccounts accounts,
                         Jobs jobs) {
    }

    private final Stores stores;
    private final CardIssuer issuer;
    private final TokenSecrets secrets;
    private final Events events;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;

    public CardService(Stores stores, CardIssuer issuer, TokenSecrets secrets, Events events, TransactionRunner tx,
                       PlatformClock clock, Ids ids) {
        this.stores = stores;
        this.issuer = issuer;
        this.secrets = secrets;
        this.events = events;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
    }

    @Override
    public Card create(Caller caller, NewCard command) {
        caller.require(Permission.MANAGE);
        requireIssuer(caller);
        return tx.inTransaction(() -> {
            Customer holder = stores.customers().find(caller.platformId(), command.cardholderId())
                    .filter(c -> !c.isDeleted()).orElseThrow(() -> Customer.notFound(command.cardholderId()));
            if (!"APPROVED".equals(holder.verificationStatus())) {
                throw new InvalidInput("CARDHOLDER_KYC_NOT_APPROVED", "Customer " + holder.id() + " has KYC status "
                        + holder.verificationStatus() + "; a card needs APPROVED");
            }
            Card.Funding funding = funding(caller, holder.id(), command.fundingSources(), null);
            Instant now = clock.now(caller);
            CardId id = new CardId(ids.newId());
            String platformCardId = command.platformCardId() != null ? command.platformCardId()
                    : "card_" + EntityId.randomPart(id.value());
            Card card = Card.requested(id, caller.platformId(), holder.id(), platformCardId, funding,
                    command.maxSpendPerTransaction(), now);
            stores.cards().insert(card);
            stores.jobs().schedule(new Jobs.Job(caller.platformId(), ids.newId(), CardProvisioning.KIND,
                    Map.of("cardId", id.toString()), now.plus(issuer.provisioningTime()), 0));
            return card;
        });
    }

    @Override
    public Page<Card> list(Caller caller, CardFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        requireIssuer(caller);
        return stores.cards().list(caller.platformId(), filter, page);
    }

    @Override
    public Card get(Caller caller, CardId id) {
        caller.require(Permission.VIEW);
        requireIssuer(caller);
        return stores.cards().find(caller.platformId(), id).orElseThrow(() -> Card.notFound(id));
    }

    @Override
    public Card update(Caller caller, CardId id, CardUpdate command) {
        caller.require(Permission.MANAGE);
        requireIssuer(caller);
        return tx.inTransaction(() -> {
            Card card = stores.cards().findForUpdate(caller.platformId(), id).orElseThrow(() -> Card.notFound(id));
            Card.Funding funding = command.fundingSources() == null || card.state() == CardState.CLOSED ? null
                    : funding(caller, card.cardholderId(), command.fundingSources(), card.currency());
            Card changed = card.changed(command.state(), funding, command.maxSpendGiven(),
                    command.maxSpendPerTransaction(), clock.now(caller));
            stores.cards().update(changed);
            events.cardChanged(card, changed);
            return changed;
        });
    }

    @Override
    public IssuedReveal reveal(Caller caller, CardId id) {
        caller.require(Permission.MANAGE);
        requireIssuer(caller);
        if (caller.tokenId() == null) {
            throw new Forbidden("FORBIDDEN", "Revealing a card needs a caller to record: call with an API token");
        }
        return tx.inTransaction(() -> {
            Card card = stores.cards().find(caller.platformId(), id).orElseThrow(() -> Card.notFound(id));
            if (card.state() != CardState.ACTIVE && card.state() != CardState.FROZEN) {
                throw new Conflict("CONFLICT", "Card " + id + " is " + card.state() + ": only an ACTIVE or FROZEN "
                        + "card has a number to reveal");
            }
            Instant now = clock.now(caller);
            String token = secrets.newSecret();
            CardReveal reveal = new CardReveal(secrets.hashHex(token), caller.platformId(), id,
                    caller.tokenId().toString(), now.plus(REVEAL_TIME), null, now);
            stores.reveals().insert(reveal);
            LOG.info(() -> "card " + id + " of platform " + caller.platformId() + " revealed by "
                    + reveal.revealedBy());
            return new IssuedReveal(token, reveal.expiresAt());
        });
    }

    @Override
    public RevealedCard open(String token) {
        return tx.inTransaction(() -> {
            CardReveal reveal = stores.reveals().findForUpdate(secrets.hashHex(token))
                    .orElseThrow(() -> new NotFound("NOT_FOUND", "No such reveal link"));
            Instant now = clock.now(reveal.platformId());
            if (reveal.usedAt() != null || !now.isBefore(reveal.expiresAt())) {
                throw new Gone("CARD_REVEAL_USED", "This link was already used or has expired");
            }
            stores.reveals().update(reveal.used(now));
            Card card = stores.cards().find(reveal.platformId(), reveal.cardId()).orElseThrow();
            return new RevealedCard(card.brand(), stores.cards().numbers(reveal.platformId(), card.id())
                    .orElseThrow(), card.expMonth(), card.expYear());
        });
    }

    /**
     * {@code sources} as a card's funding, when each is an active internal account of {@code holder} in one
     * currency the issuer supports ({@code required}, when given); 400 {@code FUNDING_SOURCE_INELIGIBLE} otherwise.
     */
    private Card.Funding funding(Caller caller, CustomerId holder, List<InternalAccountId> sources,
                                 String required) {
        String currency = required;
        List<InternalAccountId> wallets = new java.util.ArrayList<>();
        for (InternalAccountId source : sources) {
            var account = stores.accounts().find(caller.platformId(), source)
                    .filter(a -> holder.equals(a.customerId()))
                    .orElseThrow(() -> ineligible(source + " is not an internal account of " + holder));
            if (currency == null) {
                currency = account.currency();
            }
            if (!account.currency().equals(currency)) {
                throw ineligible(source + " is in " + account.currency() + ", not " + currency);
            }
            if (account.status() != payments.core.account.InternalAccountStatus.ACTIVE) {
                throw ineligible(source + " is " + account.status());
            }
            if (account.type() == InternalAccountType.EMBEDDED_WALLET) {
                wallets.add(source);
            }
        }
        if (!issuer.currencies().contains(currency)) {
            throw ineligible("cards are issued in " + issuer.currencies().stream().sorted().toList() + ", not "
                    + currency);
        }
        return new Card.Funding(sources, wallets, currency);
    }

    private static InvalidInput ineligible(String why) {
        return new InvalidInput("FUNDING_SOURCE_INELIGIBLE", "fundingSources: " + why);
    }

    private static void requireIssuer(Caller caller) {
        if (caller.environment() != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No card issuer is configured for production platforms");
        }
    }
}
