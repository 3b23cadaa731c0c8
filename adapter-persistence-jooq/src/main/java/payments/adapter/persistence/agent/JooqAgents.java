package payments.adapter.persistence.agent;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.AGENTS;
import static payments.adapter.persistence.schema.Tables.PLATFORMS;

import java.time.YearMonth;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.Condition;
import org.jooq.JSON;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Statement;
import payments.adapter.persistence.schema.tables.records.AgentsRecord;
import payments.core.agent.Agent;
import payments.core.agent.AgentFilter;
import payments.core.agent.policy.AgentPolicy;
import payments.core.agent.policy.AgentUsage;
import payments.core.agent.policy.PolicySchemas;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Environment;
import payments.ports.driven.agent.Agents;

/**
 * Agents. An agent is read on each of its calls and locked by each payment it makes, so those statements are
 * rendered once ({@link Statement}), and a policy's JSON is parsed once per distinct text.
 */
public final class JooqAgents implements Agents {
    private static final Statement FIND = Statement.byKey(AGENTS, AGENTS.PLATFORM_ID, AGENTS.ID);
    private static final Statement FIND_ALL_FOR_UPDATE = Statement.byKeysForUpdate(AGENTS, AGENTS.PLATFORM_ID,
            AGENTS.ID);
    private static final Statement UPDATE_USAGE = Statement.updateRows(AGENTS,
            new org.jooq.Field<?>[] {AGENTS.PLATFORM_ID, AGENTS.ID}, AGENTS.PLATFORM_ID, AGENTS.ID,
            AGENTS.DAILY_COUNT, AGENTS.DAILY_SPEND, AGENTS.USAGE_DAY, AGENTS.MONTHLY_SPEND, AGENTS.USAGE_MONTH);
    /** Policies by their stored text: few distinct ones, read over and over. */
    private static final Map<String, AgentPolicy> POLICIES = new ConcurrentHashMap<>();
    private static final int MAX_POLICIES = 10_000;
    private final Db db;

    public JooqAgents(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Agent agent) {
        db.ctx().insertInto(AGENTS).set(record(agent).values()).execute();
    }

    @Override
    public void update(Agent agent) {
        db.ctx().update(AGENTS).set(record(agent).values()).where(byId(agent.platformId(), agent.id())).execute();
    }

    /** One statement for them all (the rows are locked already, by {@link #findAllForUpdate}). */
    @Override
    public void updateUsage(PlatformId platform, Collection<Agent> agents) {
        UPDATE_USAGE.writeAll(db, agents.stream().map(JooqAgents::record).toList());
    }

    @Override
    public Optional<Agent> find(PlatformId platform, AgentId id) {
        return FIND.fetchOptional(db, platform.value(), id.value()).map(r -> toAgent(r.into(AGENTS)));
    }

    @Override
    public Optional<Agent> findForUpdate(PlatformId platform, AgentId id) {
        return db.ctx().selectFrom(AGENTS).where(byId(platform, id)).forUpdate().fetchOptional()
                .map(JooqAgents::toAgent);
    }

    @Override
    public Map<AgentId, Agent> findAllForUpdate(PlatformId platform, Collection<AgentId> ids) {
        return FIND_ALL_FOR_UPDATE.fetchAll(db, AGENTS.ID, ids, AgentId::value, r -> toAgent(r.into(AGENTS)),
                platform.value());
    }

    @Override
    public Page<Agent> list(PlatformId platform, AgentFilter f, PageRequest page) {
        Condition filter = AGENTS.PLATFORM_ID.eq(platform.value());
        if (f.customerId() != null) {
            filter = filter.and(AGENTS.CUSTOMER_ID.eq(f.customerId().value()));
        }
        if (f.paused() != null) {
            filter = filter.and(AGENTS.IS_PAUSED.eq(f.paused()));
        }
        if (f.connected() != null) {
            filter = filter.and(AGENTS.IS_CONNECTED.eq(f.connected()));
        }
        if (f.createdAfter() != null) {
            filter = filter.and(AGENTS.CREATED_AT.ge(utc(f.createdAfter())));
        }
        if (f.createdBefore() != null) {
            filter = filter.and(AGENTS.CREATED_AT.le(utc(f.createdBefore())));
        }
        if (f.updatedAfter() != null) {
            filter = filter.and(AGENTS.UPDATED_AT.ge(utc(f.updatedAfter())));
        }
        if (f.updatedBefore() != null) {
            filter = filter.and(AGENTS.UPDATED_AT.le(utc(f.updatedBefore())));
        }
        return Keyset.page(db.ctx(), AGENTS, AGENTS.fields(), AGENTS.CREATED_AT, AGENTS.ID, filter, page,
                r -> toAgent(r.into(AGENTS)));
    }

    @Override
    public void setAccessToken(PlatformId platform, AgentId id, byte[] tokenHash) {
        db.ctx().update(AGENTS).set(AGENTS.TOKEN_HASH, tokenHash).where(byId(platform, id)).execute();
    }

    @Override
    public Optional<Credentials> findForAuthentication(AgentId id) {
        return db.ctx().select(AGENTS.fields()).select(PLATFORMS.ENVIRONMENT).from(AGENTS)
                .join(PLATFORMS).on(PLATFORMS.PLATFORM_ID.eq(AGENTS.PLATFORM_ID))
                .where(AGENTS.ID.eq(id.value())).fetchOptional()
                .map(r -> new Credentials(toAgent(r.into(AGENTS)), Environment.valueOf(r.get(PLATFORMS.ENVIRONMENT)),
                        r.get(AGENTS.TOKEN_HASH)));
    }

    @Override
    public boolean delete(PlatformId platform, AgentId id) {
        return db.ctx().deleteFrom(AGENTS).where(byId(platform, id)).execute() > 0;
    }

    private static AgentPolicy policy(String json) {
        AgentPolicy policy = POLICIES.get(json);
        if (policy == null) {
            policy = AgentPolicy.of(PolicySchemas.POLICY.validate(JsonColumns.readObject(JSON.valueOf(json))), "");
            if (POLICIES.size() >= MAX_POLICIES) {
                POLICIES.clear();
            }
            POLICIES.put(json, policy);
        }
        return policy;
    }

    private static Condition byId(PlatformId platform, AgentId id) {
        return AGENTS.PLATFORM_ID.eq(platform.value()).and(AGENTS.ID.eq(id.value()));
    }

    private static Row<AgentsRecord> record(Agent a) {
        Row<AgentsRecord> r = Row.of(AGENTS);
        r.set(AGENTS.PLATFORM_ID, a.platformId().value());
        r.set(AGENTS.ID, a.id().value());
        r.set(AGENTS.CUSTOMER_ID, a.customerId().value());
        r.set(AGENTS.NAME, a.name());
        r.set(AGENTS.IS_PAUSED, a.paused());
        r.set(AGENTS.IS_CONNECTED, a.connected());
        r.set(AGENTS.POLICY, JsonColumns.write(a.policy().json()));
        r.set(AGENTS.DAILY_COUNT, a.usage().dailyCount());
        r.set(AGENTS.DAILY_SPEND, a.usage().dailySpend());
        r.set(AGENTS.USAGE_DAY, a.usage().day());
        r.set(AGENTS.MONTHLY_SPEND, a.usage().monthlySpend());
        r.set(AGENTS.USAGE_MONTH, a.usage().month().toString());
        r.set(AGENTS.CREATED_AT, utc(a.createdAt()));
        r.set(AGENTS.UPDATED_AT, utc(a.updatedAt()));
        return r;
    }

    private static Agent toAgent(AgentsRecord r) {
        AgentPolicy policy = policy(r.getPolicy().data());
        AgentUsage usage = new AgentUsage(r.getDailyCount(), r.getDailySpend(), r.getUsageDay(),
                r.getMonthlySpend(), YearMonth.parse(r.getUsageMonth()));
        return new Agent(new AgentId(r.getId()), new PlatformId(r.getPlatformId()), new CustomerId(r.getCustomerId()),
                r.getName(), r.getIsPaused(), r.getIsConnected(), policy, usage, r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
