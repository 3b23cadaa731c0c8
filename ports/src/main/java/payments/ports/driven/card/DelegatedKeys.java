package payments.ports.driven.card;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.card.DelegatedKey;
import payments.core.id.CardId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;

/** Cards' delegated keys, their private keys sealed apart, and the stamps they made on card payments. */
public interface DelegatedKeys {
    /** Inserts a key with its private scalar, sealed. */
    void insert(DelegatedKey key, byte[] privateScalar);

    /** Saves a key's new status; 409 {@code CONFLICT} when it would be a second {@code ACTIVE} key of a source. */
    void update(DelegatedKey key);

    Optional<DelegatedKey> find(PlatformId platform, UUID id);

    /** Locks the key for the rest of the database transaction. */
    Optional<DelegatedKey> findForUpdate(PlatformId platform, UUID id);

    /** The pending key that the signed request {@code requestId} activates, locked. */
    Optional<DelegatedKey> findByActivation(PlatformId platform, UUID requestId);

    /** Whether the funding source already has an {@code ACTIVE} key. */
    boolean hasActive(PlatformId platform, CardId card, InternalAccountId account);

    /** The keys, newest first, of one account and of one funding source (null: any). */
    List<DelegatedKey> list(PlatformId platform, InternalAccountId account, UUID fundingSourceId);

    /** The {@code ACTIVE} keys of a card, by the account they fund from. */
    Map<InternalAccountId, DelegatedKey> active(PlatformId platform, CardId card);

    byte[] privateKey(PlatformId platform, UUID id);

    /** Records the stamp a key made over a card payment's payload. */
    void recordStamp(PlatformId platform, UUID cardTransactionId, UUID keyId, String payload, String stamp,
                     Instant at);
}
