package payments.adapter.persistence.stablecoin;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.STABLECOIN_OPERATIONS;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.JSON;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.schema.tables.records.StablecoinOperationsRecord;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Environment;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.core.stablecoin.operation.StablecoinOperation.Party;
import payments.ports.driven.stablecoin.StablecoinOperations;

/** Mints and burns. */
public final class JooqStablecoinOperations implements StablecoinOperations {
    private final Db db;

    public JooqStablecoinOperations(Db db) {
        this.db = db;
    }

    @Override
    public void insert(StablecoinOperation o) {
        db.ctx().insertInto(STABLECOIN_OPERATIONS)
                .set(STABLECOIN_OPERATIONS.PLATFORM_ID, o.platformId().value())
                .set(STABLECOIN_OPERATIONS.ID, o.id())
                .set(STABLECOIN_OPERATIONS.STABLECOIN_ID, o.stablecoinId())
                .set(STABLECOIN_OPERATIONS.OPERATION_TYPE, o.type().name())
                .set(STABLECOIN_OPERATIONS.STATUS, o.status().name())
                .set(STABLECOIN_OPERATIONS.AMOUNT, o.amount())
                .set(STABLECOIN_OPERATIONS.PROVIDER_ACCOUNT_ID, o.providerAccountId())
                .set(STABLECOIN_OPERATIONS.ENVIRONMENT, o.environment().name())
                .set(STABLECOIN_OPERATIONS.SOURCE, JsonColumns.write(o.source().json()))
                .set(STABLECOIN_OPERATIONS.DESTINATION, JsonColumns.write(o.destination().json()))
                .set(STABLECOIN_OPERATIONS.FUNDING_INSTRUCTIONS, json(o.fundingInstructions()))
                .set(STABLECOIN_OPERATIONS.ESTIMATED_DELIVERY, json(o.estimatedDelivery()))
                .set(STABLECOIN_OPERATIONS.EXPIRES_AT, utc(o.expiresAt()))
                .set(STABLECOIN_OPERATIONS.PROVIDER_REFERENCE, o.providerReference())
                .set(STABLECOIN_OPERATIONS.PROVIDER_STATUS, o.providerStatus())
                .set(STABLECOIN_OPERATIONS.FAILURE_REASON, o.failureReason())
                .set(STABLECOIN_OPERATIONS.DESCRIPTION, o.description())
                .set(STABLECOIN_OPERATIONS.HOLD_ID, o.holdId())
                .set(STABLECOIN_OPERATIONS.CREATED_AT, utc(o.createdAt()))
                .set(STABLECOIN_OPERATIONS.UPDATED_AT, utc(o.updatedAt()))
                .execute();
    }

    @Override
    public void update(StablecoinOperation o) {
        db.ctx().update(STABLECOIN_OPERATIONS)
                .set(STABLECOIN_OPERATIONS.STATUS, o.status().name())
                .set(STABLECOIN_OPERATIONS.PROVIDER_STATUS, o.providerStatus())
                .set(STABLECOIN_OPERATIONS.FAILURE_REASON, o.failureReason())
                .set(STABLECOIN_OPERATIONS.UPDATED_AT, utc(o.updatedAt()))
                .where(byId(o.platformId(), o.id())).execute();
    }

    @Override
    public Optional<StablecoinOperation> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(STABLECOIN_OPERATIONS).where(byId(platform, id)).fetchOptional()
                .map(JooqStablecoinOperations::toOperation);
    }

    @Override
    public Optional<StablecoinOperation> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(STABLECOIN_OPERATIONS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqStablecoinOperations::toOperation);
    }

    @Override
    public Page<StablecoinOperation> list(PlatformId platform, UUID stablecoinId, OperationType type,
                                          PageRequest page) {
        Condition filter = STABLECOIN_OPERATIONS.PLATFORM_ID.eq(platform.value())
                .and(STABLECOIN_OPERATIONS.STABLECOIN_ID.eq(stablecoinId));
        if (type != null) {
            filter = filter.and(STABLECOIN_OPERATIONS.OPERATION_TYPE.eq(type.name()));
        }
        return Keyset.page(db.ctx(), STABLECOIN_OPERATIONS, STABLECOIN_OPERATIONS.fields(),
                STABLECOIN_OPERATIONS.CREATED_AT, STABLECOIN_OPERATIONS.ID, filter, page,
                r -> toOperation(r.into(STABLECOIN_OPERATIONS)));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return STABLECOIN_OPERATIONS.PLATFORM_ID.eq(platform.value()).and(STABLECOIN_OPERATIONS.ID.eq(id));
    }

    private static JSON json(Map<String, Object> value) {
        return value == null ? null : JsonColumns.write(value);
    }

    private static StablecoinOperation toOperation(StablecoinOperationsRecord r) {
        return new StablecoinOperation(r.getId(), new PlatformId(r.getPlatformId()), r.getStablecoinId(),
                OperationType.valueOf(r.getOperationType()), OperationStatus.valueOf(r.getStatus()), r.getAmount(),
                r.getProviderAccountId(), Environment.valueOf(r.getEnvironment()),
                Party.of(JsonColumns.readObject(r.getSource())), Party.of(JsonColumns.readObject(r.getDestination())),
                r.getFundingInstructions() == null ? null : JsonColumns.readObject(r.getFundingInstructions()),
                r.getEstimatedDelivery() == null ? null : JsonColumns.readObject(r.getEstimatedDelivery()),
                instant(r.getExpiresAt()), r.getProviderReference(), r.getProviderStatus(), r.getFailureReason(),
                r.getDescription(), r.getHoldId(), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
