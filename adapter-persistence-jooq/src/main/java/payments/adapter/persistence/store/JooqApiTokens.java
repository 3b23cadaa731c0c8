package payments.adapter.persistence.store;

import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.API_TOKENS;
import static payments.adapter.persistence.schema.Tables.PLATFORMS;

import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jooq.Condition;
import payments.adapter.persistence.schema.tables.records.ApiTokensRecord;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.ApiToken;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.TokenFilter;
import payments.ports.driven.platform.ApiTokens;
import payments.ports.driven.platform.StoredToken;

public final class JooqApiTokens implements ApiTokens {
    private final Db db;

    public JooqApiTokens(Db db) {
        this.db = db;
    }

    @Override
    public void insert(ApiToken t, byte[] secretHash) {
        try {
            insertRow(t, secretHash);
        } catch (org.jooq.exception.DataAccessException e) {
            if (UniqueViolation.constraintOf(e).isPresent()) {
                throw new payments.core.error.Conflict("CONFLICT", "Token " + t.id() + " already exists");
            }
            throw e;
        }
    }

    private void insertRow(ApiToken t, byte[] secretHash) {
        db.ctx().insertInto(API_TOKENS)
                .set(API_TOKENS.PLATFORM_ID, t.platformId().value())
                .set(API_TOKENS.ID, t.id().value())
                .set(API_TOKENS.NAME, t.name())
                .set(API_TOKENS.PERMISSIONS, t.permissions().stream().map(Enum::name).sorted()
                        .collect(Collectors.joining(",")))
                .set(API_TOKENS.SECRET_HASH, secretHash)
                .set(API_TOKENS.CREATED_AT, utc(t.createdAt()))
                .set(API_TOKENS.UPDATED_AT, utc(t.updatedAt()))
                .execute();
    }

    private static final Statement FIND_FOR_AUTHENTICATION = Statement.query(ctx -> ctx.select(API_TOKENS.fields())
            .select(PLATFORMS.ENVIRONMENT)
            .from(API_TOKENS).join(PLATFORMS).on(PLATFORMS.PLATFORM_ID.eq(API_TOKENS.PLATFORM_ID))
            .where(API_TOKENS.ID.eq(Statement.param(API_TOKENS.ID)).and(API_TOKENS.DELETED_AT.isNull())));

    @Override
    public Optional<StoredToken> findForAuthentication(TokenId id) {
        return FIND_FOR_AUTHENTICATION.fetchOptional(db, id.value())
                .map(r -> new StoredToken(toToken(r.into(API_TOKENS)), r.get(API_TOKENS.SECRET_HASH),
                        Environment.valueOf(r.get(PLATFORMS.ENVIRONMENT))));
    }

    @Override
    public Optional<ApiToken> find(PlatformId platform, TokenId id) {
        return db.ctx().selectFrom(API_TOKENS)
                .where(live(platform).and(API_TOKENS.ID.eq(id.value())))
                .fetchOptional().map(JooqApiTokens::toToken);
    }

    @Override
    public Page<ApiToken> list(PlatformId platform, TokenFilter f, PageRequest page) {
        Condition c = live(platform);
        if (f.name() != null) {
            c = c.and(API_TOKENS.NAME.eq(f.name()));
        }
        if (f.createdAfter() != null) {
            c = c.and(API_TOKENS.CREATED_AT.ge(utc(f.createdAfter())));
        }
        if (f.createdBefore() != null) {
            c = c.and(API_TOKENS.CREATED_AT.le(utc(f.createdBefore())));
        }
        if (f.updatedAfter() != null) {
            c = c.and(API_TOKENS.UPDATED_AT.ge(utc(f.updatedAfter())));
        }
        if (f.updatedBefore() != null) {
            c = c.and(API_TOKENS.UPDATED_AT.le(utc(f.updatedBefore())));
        }
        return Keyset.page(db.ctx(), API_TOKENS, API_TOKENS.fields(), API_TOKENS.CREATED_AT, API_TOKENS.ID, c,
                page, r -> toToken(r.into(API_TOKENS)));
    }

    @Override
    public boolean delete(PlatformId platform, TokenId id, Instant now) {
        return db.ctx().update(API_TOKENS)
                .set(API_TOKENS.DELETED_AT, utc(now))
                .set(API_TOKENS.UPDATED_AT, utc(now))
                .where(live(platform).and(API_TOKENS.ID.eq(id.value())))
                .execute() == 1;
    }

    private static Condition live(PlatformId platform) {
        return API_TOKENS.PLATFORM_ID.eq(platform.value()).and(API_TOKENS.DELETED_AT.isNull());
    }

    private static ApiToken toToken(ApiTokensRecord r) {
        return new ApiToken(new TokenId(r.getId()), new PlatformId(r.getPlatformId()), r.getName(),
                Arrays.stream(r.getPermissions().split(",")).map(Permission::valueOf)
                        .collect(Collectors.toUnmodifiableSet()),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
