package payments.adapter.persistence.card;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CARD_REVEALS;

import java.util.Optional;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.CardRevealsRecord;
import payments.core.id.CardId;
import payments.core.id.PlatformId;
import payments.ports.driven.card.CardReveals;

public final class JooqCardReveals implements CardReveals {
    private final Db db;

    public JooqCardReveals(Db db) {
        this.db = db;
    }

    @Override
    public void insert(CardReveal reveal) {
        db.ctx().insertInto(CARD_REVEALS).set(record(reveal).values()).execute();
    }

    @Override
    public Optional<CardReveal> findForUpdate(String tokenHash) {
        return db.ctx().selectFrom(CARD_REVEALS).where(CARD_REVEALS.TOKEN_HASH.eq(tokenHash)).forUpdate()
                .fetchOptional().map(r -> new CardReveal(r.getTokenHash(), new PlatformId(r.getPlatformId()),
                        new CardId(r.getCardId()), r.getRevealedBy(), r.getExpiresAt().toInstant(),
                        instant(r.getUsedAt()), r.getCreatedAt().toInstant()));
    }

    @Override
    public void update(CardReveal reveal) {
        db.ctx().update(CARD_REVEALS).set(record(reveal).values())
                .where(CARD_REVEALS.TOKEN_HASH.eq(reveal.tokenHash())).execute();
    }

    private static Row<CardRevealsRecord> record(CardReveal c) {
        Row<CardRevealsRecord> r = Row.of(CARD_REVEALS);
        r.set(CARD_REVEALS.TOKEN_HASH, c.tokenHash());
        r.set(CARD_REVEALS.PLATFORM_ID, c.platformId().value());
        r.set(CARD_REVEALS.CARD_ID, c.cardId().value());
        r.set(CARD_REVEALS.REVEALED_BY, c.revealedBy());
        r.set(CARD_REVEALS.EXPIRES_AT, utc(c.expiresAt()));
        r.set(CARD_REVEALS.USED_AT, utc(c.usedAt()));
        r.set(CARD_REVEALS.CREATED_AT, utc(c.createdAt()));
        return r;
    }
}
