package payments.adapter.persistence.card;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CARDS;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.schema.tables.records.CardsRecord;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;
import payments.core.card.Card;
import payments.core.card.CardBrand;
import payments.core.card.CardFilter;
import payments.core.card.CardNumbers;
import payments.core.card.CardState;
import payments.core.card.CardStateReason;
import payments.core.error.Conflict;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.card.Cards;

/** Cards; a card's number and code sealed under the master key ({@link SecretBox}) in the card's own row. */
public final class JooqCards implements Cards {
    private static final Statement FIND = Statement.byKey(CARDS, CARDS.PLATFORM_ID, CARDS.ID);
    private static final Statement FIND_ALL = Statement.byKeys(CARDS, CARDS.PLATFORM_ID, CARDS.ID);
    private final Db db;
    private final SecretBox box;

    public JooqCards(Db db, SecretBox box) {
        this.db = db;
        this.box = box;
    }

    @Override
    public void insert(Card card) {
        try {
            db.ctx().insertInto(CARDS).set(record(card).values()).execute();
        } catch (DataAccessException e) {
            if (UniqueViolation.constraintOf(e).filter("cards_by_platform_card_id"::equals).isPresent()) {
                throw new Conflict("CONFLICT", "A card with platformCardId " + card.platformCardId()
                        + " already exists");
            }
            throw e;
        }
    }

    @Override
    public void update(Card card) {
        db.ctx().update(CARDS).set(record(card).values()).where(key(card.platformId(), card.id())).execute();
    }

    @Override
    public Optional<Card> find(PlatformId platform, CardId id) {
        return FIND.fetchOptional(db, platform.value(), id.value()).map(r -> toCard(r.into(CARDS)));
    }

    @Override
    public Map<CardId, Card> findAll(PlatformId platform, Collection<CardId> ids) {
        return FIND_ALL.fetchAll(db, CARDS.ID, ids, CardId::value, r -> toCard(r.into(CARDS)), platform.value());
    }

    @Override
    public Optional<Card> findForUpdate(PlatformId platform, CardId id) {
        return db.ctx().selectFrom(CARDS).where(key(platform, id)).forUpdate().fetchOptional()
                .map(JooqCards::toCard);
    }

    @Override
    public Page<Card> list(PlatformId platform, CardFilter f, PageRequest page) {
        Condition c = CARDS.PLATFORM_ID.eq(platform.value());
        if (f.cardholderId() != null) {
            c = c.and(CARDS.CARDHOLDER_ID.eq(f.cardholderId().value()));
        }
        if (f.accountId() != null) {
            c = c.and(org.jooq.impl.DSL.condition("{0} = any({1})", org.jooq.impl.DSL.val(f.accountId().value()),
                    CARDS.FUNDING_SOURCES));
        }
        if (f.platformCardId() != null) {
            c = c.and(CARDS.PLATFORM_CARD_ID.eq(f.platformCardId()));
        }
        if (f.state() != null) {
            c = c.and(CARDS.STATE.eq(f.state().name()));
        }
        return Keyset.page(db.ctx(), CARDS, CARDS.fields(), CARDS.CREATED_AT, CARDS.ID, c, page, f.ascending(),
                r -> toCard(r.into(CARDS)));
    }

    @Override
    public void saveNumbers(PlatformId platform, CardId id, CardNumbers numbers) {
        byte[] plain = (numbers.pan() + ":" + numbers.cvv()).getBytes(StandardCharsets.US_ASCII);
        db.ctx().update(CARDS).set(CARDS.SEALED_NUMBERS, box.seal(plain, Sealing.cardNumbers(platform.value(),
                id.value()))).where(key(platform, id)).execute();
    }

    @Override
    public Optional<CardNumbers> numbers(PlatformId platform, CardId id) {
        return db.ctx().select(CARDS.SEALED_NUMBERS).from(CARDS).where(key(platform, id)).fetchOptional()
                .map(r -> r.value1()).map(sealed -> {
                    String[] parts = new String(box.open(sealed, Sealing.cardNumbers(platform.value(), id.value())),
                            StandardCharsets.US_ASCII).split(":", 2);
                    return new CardNumbers(parts[0], parts[1]);
                });
    }

    private static Condition key(PlatformId platform, CardId id) {
        return CARDS.PLATFORM_ID.eq(platform.value()).and(CARDS.ID.eq(id.value()));
    }

    private static Row<CardsRecord> record(Card c) {
        Row<CardsRecord> r = Row.of(CARDS);
        r.set(CARDS.PLATFORM_ID, c.platformId().value());
        r.set(CARDS.ID, c.id().value());
        r.set(CARDS.CARDHOLDER_ID, c.cardholderId().value());
        r.set(CARDS.PLATFORM_CARD_ID, c.platformCardId());
        r.set(CARDS.STATE, c.state().name());
        r.set(CARDS.STATE_REASON, c.stateReason() == null ? null : c.stateReason().name());
        r.set(CARDS.BRAND, c.brand() == null ? null : c.brand().name());
        r.set(CARDS.LAST4, c.last4());
        r.set(CARDS.EXP_MONTH, c.expMonth());
        r.set(CARDS.EXP_YEAR, c.expYear());
        r.set(CARDS.FUNDING_SOURCES, ids(c.fundingSources()));
        r.set(CARDS.WALLET_SOURCES, ids(c.walletSources()));
        r.set(CARDS.MAX_SPEND_PER_TRANSACTION, c.maxSpendPerTransaction());
        r.set(CARDS.CURRENCY, c.currency());
        r.set(CARDS.PROCESSOR_REF, c.processorRef());
        r.set(CARDS.ISSUER_REF, c.issuerRef());
        r.set(CARDS.CREATED_AT, utc(c.createdAt()));
        r.set(CARDS.UPDATED_AT, utc(c.updatedAt()));
        return r;
    }

    private static UUID[] ids(java.util.List<InternalAccountId> accounts) {
        return accounts.stream().map(InternalAccountId::value).toArray(UUID[]::new);
    }

    private static java.util.List<InternalAccountId> accounts(UUID[] ids) {
        return Arrays.stream(ids).map(InternalAccountId::new).toList();
    }

    private static Card toCard(CardsRecord r) {
        return new Card(new CardId(r.getId()), new PlatformId(r.getPlatformId()),
                new CustomerId(r.getCardholderId()), r.getPlatformCardId(), CardState.valueOf(r.getState()),
                r.getStateReason() == null ? null : CardStateReason.valueOf(r.getStateReason()),
                r.getBrand() == null ? null : CardBrand.valueOf(r.getBrand()), r.getLast4(), r.getExpMonth(),
                r.getExpYear(), accounts(r.getFundingSources()), accounts(r.getWalletSources()),
                r.getMaxSpendPerTransaction(), r.getCurrency(), r.getProcessorRef(), r.getIssuerRef(),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
