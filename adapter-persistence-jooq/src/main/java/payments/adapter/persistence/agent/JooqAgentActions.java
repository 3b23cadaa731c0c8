package payments.adapter.persistence.agent;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.AGENT_ACTIONS;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.Field;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.schema.tables.records.AgentActionsRecord;
import payments.core.agent.ActionFilter;
import payments.core.agent.AgentAction;
import payments.core.agent.AgentActionStatus;
import payments.core.agent.AgentActionType;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.agent.AgentActions;

/** Agents' actions; those of the payments agents make are written with the payments' batches, in one statement. */
public final class JooqAgentActions implements AgentActions {
    private static final Statement INSERT = Statement.insert(AGENT_ACTIONS, AGENT_ACTIONS.fields());
    private static final Statement UPDATE_OUTCOMES = Statement.updateRows(AGENT_ACTIONS,
            new Field<?>[] {AGENT_ACTIONS.PLATFORM_ID, AGENT_ACTIONS.ID}, AGENT_ACTIONS.PLATFORM_ID, AGENT_ACTIONS.ID,
            AGENT_ACTIONS.STATUS, AGENT_ACTIONS.TRANSACTION_ID, AGENT_ACTIONS.COUNTED, AGENT_ACTIONS.COUNTED_AT,
            AGENT_ACTIONS.UPDATED_AT);
    private final Db db;

    public JooqAgentActions(Db db) {
        this.db = db;
    }

    @Override
    public void insert(AgentAction action) {
        db.ctx().insertInto(AGENT_ACTIONS).set(record(action).values()).execute();
    }

    @Override
    public void insertAll(List<AgentAction> actions) {
        INSERT.writeAll(db, actions.stream().map(JooqAgentActions::record).toList());
    }

    @Override
    public void updateOutcomes(List<AgentAction> actions) {
        UPDATE_OUTCOMES.writeAll(db, actions.stream().map(JooqAgentActions::record).toList());
    }

    @Override
    public void update(AgentAction action) {
        db.ctx().update(AGENT_ACTIONS).set(record(action).values())
                .where(byId(action.platformId(), action.id())).execute();
    }

    @Override
    public Optional<AgentAction> find(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(AGENT_ACTIONS).where(byId(platform, id)).fetchOptional()
                .map(JooqAgentActions::toAction);
    }

    @Override
    public Optional<AgentAction> findForUpdate(PlatformId platform, UUID id) {
        return db.ctx().selectFrom(AGENT_ACTIONS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqAgentActions::toAction);
    }

    @Override
    public List<AgentAction> findByTransactionsForUpdate(PlatformId platform, Collection<UUID> transactionIds) {
        if (transactionIds.isEmpty()) {
            return List.of();
        }
        return db.ctx().selectFrom(AGENT_ACTIONS).where(AGENT_ACTIONS.PLATFORM_ID.eq(platform.value())
                        .and(AGENT_ACTIONS.TRANSACTION_ID.in(transactionIds)))
                .orderBy(AGENT_ACTIONS.ID).forUpdate().fetch(JooqAgentActions::toAction);
    }

    @Override
    public Page<AgentAction> list(PlatformId platform, ActionFilter f, PageRequest page) {
        Condition filter = AGENT_ACTIONS.PLATFORM_ID.eq(platform.value());
        if (f.agentId() != null) {
            filter = filter.and(AGENT_ACTIONS.AGENT_ID.eq(f.agentId().value()));
        }
        if (f.customerId() != null) {
            filter = filter.and(AGENT_ACTIONS.CUSTOMER_ID.eq(f.customerId().value()));
        }
        if (f.status() != null) {
            filter = filter.and(AGENT_ACTIONS.STATUS.eq(f.status().name()));
        }
        if (f.start() != null) {
            filter = filter.and(AGENT_ACTIONS.CREATED_AT.ge(utc(f.start())));
        }
        if (f.end() != null) {
            filter = filter.and(AGENT_ACTIONS.CREATED_AT.le(utc(f.end())));
        }
        return Keyset.page(db.ctx(), AGENT_ACTIONS, AGENT_ACTIONS.fields(), AGENT_ACTIONS.CREATED_AT,
                AGENT_ACTIONS.ID, filter, page, f.ascending(), r -> toAction(r.into(AGENT_ACTIONS)));
    }

    private static Condition byId(PlatformId platform, UUID id) {
        return AGENT_ACTIONS.PLATFORM_ID.eq(platform.value()).and(AGENT_ACTIONS.ID.eq(id));
    }

    private static Row<AgentActionsRecord> record(AgentAction a) {
        Row<AgentActionsRecord> r = Row.of(AGENT_ACTIONS);
        r.set(AGENT_ACTIONS.PLATFORM_ID, a.platformId().value());
        r.set(AGENT_ACTIONS.ID, a.id());
        r.set(AGENT_ACTIONS.AGENT_ID, a.agentId().value());
        r.set(AGENT_ACTIONS.CUSTOMER_ID, a.customerId().value());
        r.set(AGENT_ACTIONS.PLATFORM_CUSTOMER_ID, a.platformCustomerId());
        r.set(AGENT_ACTIONS.STATUS, a.status().name());
        r.set(AGENT_ACTIONS.TYPE, a.type().name());
        r.set(AGENT_ACTIONS.QUOTE_ID, a.quoteId());
        AgentAction.TransferDetails t = a.transferDetails();
        r.set(AGENT_ACTIONS.TRANSFER_DETAILS, t == null ? null : JsonColumns.write(Map.of("amount", t.amount(),
                "currency", t.currency(), "sourceAccountId", t.sourceAccountId(),
                "destinationAccountId", t.destinationAccountId())));
        r.set(AGENT_ACTIONS.REQUEST, JsonColumns.write(a.request()));
        r.set(AGENT_ACTIONS.TRANSACTION_ID, a.transactionId());
        r.set(AGENT_ACTIONS.REJECTION_REASON, a.rejectionReason());
        r.set(AGENT_ACTIONS.FAILURE_REASON, a.failureReason());
        r.set(AGENT_ACTIONS.COUNTED, a.counted());
        r.set(AGENT_ACTIONS.COUNTED_AT, utc(a.countedAt()));
        r.set(AGENT_ACTIONS.CREATED_AT, utc(a.createdAt()));
        r.set(AGENT_ACTIONS.UPDATED_AT, utc(a.updatedAt()));
        return r;
    }

    private static AgentAction toAction(AgentActionsRecord r) {
        AgentAction.TransferDetails details = null;
        if (r.getTransferDetails() != null) {
            Map<String, Object> t = JsonColumns.readObject(r.getTransferDetails());
            details = new AgentAction.TransferDetails(((Number) t.get("amount")).longValue(),
                    (String) t.get("currency"), (String) t.get("sourceAccountId"),
                    (String) t.get("destinationAccountId"));
        }
        return new AgentAction(r.getId(), new PlatformId(r.getPlatformId()), new AgentId(r.getAgentId()),
                new CustomerId(r.getCustomerId()), r.getPlatformCustomerId(), AgentActionStatus.valueOf(r.getStatus()),
                AgentActionType.valueOf(r.getType()), r.getQuoteId(), details, JsonColumns.readObject(r.getRequest()),
                r.getTransactionId(), r.getRejectionReason(), r.getFailureReason(), r.getCounted(),
                instant(r.getCountedAt()), r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
    }
}
