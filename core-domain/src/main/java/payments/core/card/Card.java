package payments.core.card;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import payments.core.error.Conflict;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;

/**
 * A debit card issued to a customer against internal accounts ({@code fundingSources}, tried in order at each
 * authorization). Immutable: provisioning and the platform's changes go through the methods below, which follow
 * {@link CardState}. {@code walletSources} are the funding sources that are embedded wallets: they fund an
 * authorization only through a delegated key. The card's number is not here ({@link CardNumbers}, sealed apart): a
 * card can be listed, logged and sent in a webhook without it.
 */
public record Card(CardId id, PlatformId platformId, CustomerId cardholderId, String platformCardId, CardState state,
                   CardStateReason stateReason, CardBrand brand, String last4, Integer expMonth, Integer expYear,
                   List<InternalAccountId> fundingSources, List<InternalAccountId> walletSources,
                   Long maxSpendPerTransaction, String currency,
                   String processorRef, String issuerRef, Instant createdAt, Instant updatedAt) {
    /** The one form cards take today. */
    public static final String FORM = "VIRTUAL";

    public Card {
        fundingSources = List.copyOf(fundingSources);
        walletSources = List.copyOf(walletSources);
        if (maxSpendPerTransaction != null && maxSpendPerTransaction < 1) {
            throw new IllegalArgumentException("a spend limit is at least 1");
        }
    }

    /** Funding sources in order, those of them that are embedded wallets, and their one currency. */
    public record Funding(List<InternalAccountId> sources, List<InternalAccountId> wallets, String currency) {
    }

    /** A card just requested: {@code PROCESSING} until its issuer provisions it. */
    public static Card requested(CardId id, PlatformId platform, CustomerId holder, String platformCardId,
                                 Funding funding, Long maxSpend, Instant now) {
        return new Card(id, platform, holder, platformCardId, CardState.PROCESSING, null, null, null, null, null,
                funding.sources(), funding.wallets(), maxSpend, funding.currency(), null, null, now, now);
    }

    /** Provisioned by its issuer: {@code ACTIVE}, with what the issuer assigned. */
    public Card activated(CardBrand newBrand, String newLast4, int month, int year, String processor, String issuer,
                          Instant now) {
        requireState(CardState.PROCESSING, CardState.ACTIVE);
        return new Card(id, platformId, cardholderId, platformCardId, CardState.ACTIVE, null, newBrand, newLast4,
                month, year, fundingSources, walletSources, maxSpendPerTransaction, currency, processor, issuer,
                createdAt, now);
    }

    /** Refused by its issuer: closed for good, its funding sources detached. */
    public Card rejected(Instant now) {
        requireState(CardState.PROCESSING, CardState.CLOSED);
        return closed(CardStateReason.ISSUER_REJECTED, now);
    }

    /**
     * The platform's change ({@code PATCH /cards/{id}}): a state of {@code ACTIVE}, {@code FROZEN} or
     * {@code CLOSED} (null: unchanged), new funding (null: unchanged), a new spend limit when
     * {@code maxSpendGiven} (null clears it). A closed card changes no more; closing takes no other change.
     */
    public Card changed(CardState newState, Funding funding, boolean maxSpendGiven, Long maxSpend, Instant now) {
        if (state == CardState.CLOSED) {
            throw newState == CardState.CLOSED
                    ? new Conflict("CARD_ALREADY_CLOSED", "Card " + id + " is already closed")
                    : new Conflict("CARD_NOT_MUTABLE", "Card " + id + " is closed and cannot change");
        }
        if (newState == CardState.CLOSED) {
            if (funding != null || maxSpendGiven) {
                throw new InvalidInput("INVALID_INPUT", "A card is closed without other changes");
            }
            requirePlatformMove(newState);
            return closed(CardStateReason.CLOSED_BY_PLATFORM, now);
        }
        if (newState != null && newState != state) {
            requirePlatformMove(newState);
        }
        return new Card(id, platformId, cardholderId, platformCardId, newState == null ? state : newState,
                stateReason, brand, last4, expMonth, expYear, funding == null ? fundingSources : funding.sources(),
                funding == null ? walletSources : funding.wallets(), maxSpendGiven ? maxSpend : maxSpendPerTransaction,
                currency, processorRef, issuerRef, createdAt, now);
    }

    /** Whether {@code next} has other funding sources than this card (their order counts). */
    public boolean fundingChangedFrom(Card before) {
        return !Objects.equals(before.fundingSources, fundingSources);
    }

    private Card closed(CardStateReason reason, Instant now) {
        return new Card(id, platformId, cardholderId, platformCardId, CardState.CLOSED, reason, brand, last4,
                expMonth, expYear, List.of(), List.of(), maxSpendPerTransaction, currency, processorRef, issuerRef,
                createdAt, now);
    }

    /** The platform moves a card between ACTIVE and FROZEN, and closes one that is either. */
    private void requirePlatformMove(CardState next) {
        boolean allowed = (state == CardState.ACTIVE || state == CardState.FROZEN) && state.canMoveTo(next);
        if (!allowed) {
            throw new Conflict("INVALID_STATE_TRANSITION", "Card " + id + " is " + state + " and cannot become "
                    + next);
        }
    }

    private void requireState(CardState expected, CardState next) {
        if (state != expected) {
            throw new IllegalStateException("card " + id + " is " + state + ", not " + expected + ", and cannot "
                    + "become " + next);
        }
    }

    public static NotFound notFound(CardId id) {
        return new NotFound("CARD_NOT_FOUND", "No card " + id);
    }
}
