package payments.adapter.persistence.card;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CARD_PAYMENT_STAMPS;
import static payments.adapter.persistence.schema.Tables.DELEGATED_KEYS;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.schema.tables.records.DelegatedKeysRecord;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.core.card.DelegatedKey.DelegatedKeyStatus;
import payments.core.card.DelegatedKey;
import payments.core.error.Conflict;
import payments.core.id.CardId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.ports.driven.card.DelegatedKeys;

/** Delegated keys; a key's private scalar sealed under the master key ({@link SecretBox}) in its own row. */
public final class JooqDelegatedKeys implements DelegatedKeys {
    private final Db db;
    private final SecretBox box;

    public JooqDelegatedKeys(Db db, SecretBox box) {
        this.db = db;
        this.box = box;
    }

    @Override
    public void insert(DelegatedKey k, byte[] privateScalar) {
        db.ctx().insertInto(DELEGATED_KEYS)
                .set(DELEGATED_KEYS.PLATFORM_ID, k.platformId().value())
                .set(DELEGATED_KEYS.ID, k.id())
                .set(DELEGATED_KEYS.CARD_ID, k.cardId().value())
                .set(DELEGATED_KEYS.ACCOUNT_ID, k.accountId().value())
                .set(DELEGATED_KEYS.FUNDING_SOURCE_ID, DelegatedKey.fundingSource(k.cardId(), k.accountId()))
                .set(DELEGATED_KEYS.PUBLIC_KEY, k.publicKey())
                .set(DELEGATED_KEYS.NICKNAME, k.nickname())
                .set(DELEGATED_KEYS.STATUS, k.status().name())
                .set(DELEGATED_KEYS.ACTIVATION_REQUEST_ID, k.activationRequestId())
                .set(DELEGATED_KEYS.SEALED_PRIVATE_KEY, box.seal(privateScalar,
                        Sealing.delegatedKey(k.platformId().value(), k.id())))
                .set(DELEGATED_KEYS.CREATED_AT, utc(k.createdAt()))
                .set(DELEGATED_KEYS.UPDATED_AT, utc(k.updatedAt()))
                .execute();
    }

    @Override
    public void update(DelegatedKey k) {
        try {
            db.ctx().update(DELEGATED_KEYS).set(DELEGATED_KEYS.STATUS, k.status().name())
                    .set(DELEGATED_KEYS.UPDATED_AT, utc(k.updatedAt())).where(key(k.platformId(), k.id())).execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter("delegated_keys_one_active"::equals).isPresent()) {
                throw new Conflict("CONFLICT", "The funding source already has an ACTIVE delegated key");
            }
            throw e;
        }
    }

    @Override
    public Optional<DelegatedKey> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(DELEGATED_KEYS).where(key(platform, id)).fetchOptional()
                .map(JooqDelegatedKeys::toKey);
    }

    @Override
    public Optional<DelegatedKey> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(DELEGATED_KEYS).where(key(platform, id)).forUpdate().fetchOptional()
                .map(JooqDelegatedKeys::toKey);
    }

    @Override
    public Optional<DelegatedKey> findByActivation(PlatformId platform, UUID requestId) {
        return db.ctx().selectFrom(DELEGATED_KEYS).where(DELEGATED_KEYS.PLATFORM_ID.eq(platform.value())
                        .and(DELEGATED_KEYS.ACTIVATION_REQUEST_ID.eq(requestId))
                        .and(DELEGATED_KEYS.STATUS.eq(DelegatedKeyStatus.PENDING.name())))
                .forUpdate().fetchOptional().map(JooqDelegatedKeys::toKey);
    }

    @Override
    public boolean hasActive(PlatformId platform, CardId card, InternalAccountId account) {
        return db.ctx().fetchExists(DELEGATED_KEYS, DELEGATED_KEYS.PLATFORM_ID.eq(platform.value())
                .and(DELEGATED_KEYS.CARD_ID.eq(card.value())).and(DELEGATED_KEYS.ACCOUNT_ID.eq(account.value()))
                .and(DELEGATED_KEYS.STATUS.eq(DelegatedKeyStatus.ACTIVE.name())));
    }

    @Override
    public List<DelegatedKey> list(PlatformId platform, InternalAccountId account, UUID fundingSourceId) {
        Condition c = DELEGATED_KEYS.PLATFORM_ID.eq(platform.value());
        if (account != null) {
            c = c.and(DELEGATED_KEYS.ACCOUNT_ID.eq(account.value()));
        }
        if (fundingSourceId != null) {
            c = c.and(DELEGATED_KEYS.FUNDING_SOURCE_ID.eq(fundingSourceId));
        }
        return db.ctx().selectFrom(DELEGATED_KEYS).where(c)
                .orderBy(DELEGATED_KEYS.CREATED_AT.desc(), DELEGATED_KEYS.ID.desc()).limit(1000).fetch()
                .map(JooqDelegatedKeys::toKey);
    }

    @Override
    public Map<InternalAccountId, DelegatedKey> active(PlatformId platform, CardId card) {
        Map<InternalAccountId, DelegatedKey> byAccount = new LinkedHashMap<>();
        db.ctx().selectFrom(DELEGATED_KEYS).where(DELEGATED_KEYS.PLATFORM_ID.eq(platform.value())
                        .and(DELEGATED_KEYS.CARD_ID.eq(card.value()))
                        .and(DELEGATED_KEYS.STATUS.eq(DelegatedKeyStatus.ACTIVE.name())))
                .fetch().forEach(r -> byAccount.put(new InternalAccountId(r.getAccountId()), toKey(r)));
        return byAccount;
    }

    @Override
    public byte[] privateKey(PlatformId platform, UUID id) {
        byte[] sealed = db.ctx().select(DELEGATED_KEYS.SEALED_PRIVATE_KEY).from(DELEGATED_KEYS)
                .where(key(platform, id)).fetchSingle().value1();
        return box.open(sealed, Sealing.delegatedKey(platform.value(), id));
    }

    @Override
    public void recordStamp(PlatformId platform, UUID cardTransactionId, UUID keyId, String payload, String stamp,
                            Instant at) {
        db.ctx().insertInto(CARD_PAYMENT_STAMPS)
                .set(CARD_PAYMENT_STAMPS.PLATFORM_ID, platform.value())
                .set(CARD_PAYMENT_STAMPS.CARD_TRANSACTION_ID, cardTransactionId)
                .set(CARD_PAYMENT_STAMPS.DELEGATED_KEY_ID, keyId)
                .set(CARD_PAYMENT_STAMPS.PAYLOAD, payload)
                .set(CARD_PAYMENT_STAMPS.STAMP, stamp)
                .set(CARD_PAYMENT_STAMPS.CREATED_AT, utc(at))
                .execute();
    }

    private static Condition key(PlatformId platform, UUID id) {
        return DELEGATED_KEYS.PLATFORM_ID.eq(platform.value()).and(DELEGATED_KEYS.ID.eq(id));
    }

    private static DelegatedKey toKey(DelegatedKeysRecord r) {
        return new DelegatedKey(r.getId(), new PlatformId(r.getPlatformId()), new CardId(r.getCardId()),
                new InternalAccountId(r.getAccountId()), r.getPublicKey(), r.getNickname(),
                DelegatedKeyStatus.valueOf(r.getStatus()), r.getActivationRequestId(), r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
