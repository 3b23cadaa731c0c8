package payments.core.card;

import java.time.Instant;
import java.util.UUID;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.CardId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.id.NameBasedIds;
import payments.core.id.PlatformId;

/**
 * A key the service holds to stamp card payments from an embedded wallet that funds a card: the wallet's owner
 * delegates it by signing twice (the request, then the new key), and it signs nothing until it is {@code ACTIVE}.
 * {@code activationRequestId} is the signed request whose stamp activates it.
 */
public record DelegatedKey(UUID id, PlatformId platformId, CardId cardId, InternalAccountId accountId,
                           String publicKey, String nickname, DelegatedKeyStatus status, UUID activationRequestId,
                           Instant createdAt, Instant updatedAt) {
    public static final String KIND = "DelegatedKey";
    /** The id of the card's binding to a funding source, {@code CardFundingSource:<uuid>}. */
    public static final String FUNDING_SOURCE_KIND = "CardFundingSource";

    public enum DelegatedKeyStatus {
        PENDING, ACTIVE, REVOKED
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public String fundingSourceId() {
        return EntityId.format(FUNDING_SOURCE_KIND, fundingSource(cardId, accountId));
    }

    /** The id of an account's binding to a card as a funding source: derived from both, no table of bindings. */
    public static UUID fundingSource(CardId card, InternalAccountId account) {
        return NameBasedIds.of("card-funding-source:" + card.value() + ":" + account.value());
    }

    public DelegatedKey activated(Instant now) {
        return new DelegatedKey(id, platformId, cardId, accountId, publicKey, nickname, DelegatedKeyStatus.ACTIVE,
                activationRequestId, createdAt, now);
    }

    /** Revoked: it signs no more payment. Only an {@code ACTIVE} key is revoked (400 otherwise). */
    public DelegatedKey revoked(Instant now) {
        if (status != DelegatedKeyStatus.ACTIVE) {
            throw new InvalidInput("INVALID_INPUT", "Delegated key " + wireId() + " is " + status + ", not ACTIVE");
        }
        return new DelegatedKey(id, platformId, cardId, accountId, publicKey, nickname, DelegatedKeyStatus.REVOKED,
                activationRequestId, createdAt, now);
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("NOT_FOUND", "No delegated key " + EntityId.format(KIND, id));
    }
}
