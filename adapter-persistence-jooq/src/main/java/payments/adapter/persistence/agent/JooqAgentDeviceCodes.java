package payments.adapter.persistence.agent;

import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.AGENT_DEVICE_CODES;

import java.util.Optional;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.AgentDeviceCodesRecord;
import payments.core.agent.AgentDeviceCode;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;
import payments.ports.driven.agent.AgentDeviceCodes;

public final class JooqAgentDeviceCodes implements AgentDeviceCodes {
    private final Db db;

    public JooqAgentDeviceCodes(Db db) {
        this.db = db;
    }

    @Override
    public void insert(AgentDeviceCode code) {
        db.ctx().insertInto(AGENT_DEVICE_CODES).set(record(code).values()).execute();
    }

    @Override
    public void update(AgentDeviceCode code) {
        db.ctx().update(AGENT_DEVICE_CODES).set(record(code).values())
                .where(AGENT_DEVICE_CODES.CODE_HASH.eq(code.codeHash())).execute();
    }

    @Override
    public void supersede(PlatformId platform, AgentId agent) {
        db.ctx().update(AGENT_DEVICE_CODES).set(AGENT_DEVICE_CODES.SUPERSEDED, true)
                .where(AGENT_DEVICE_CODES.PLATFORM_ID.eq(platform.value())
                        .and(AGENT_DEVICE_CODES.AGENT_ID.eq(agent.value()))
                        .and(AGENT_DEVICE_CODES.REDEEMED_AT.isNull())).execute();
    }

    @Override
    public Optional<AgentDeviceCode> find(PlatformId platform, String codeHash) {
        return db.ctx().selectFrom(AGENT_DEVICE_CODES).where(AGENT_DEVICE_CODES.CODE_HASH.eq(codeHash)
                .and(AGENT_DEVICE_CODES.PLATFORM_ID.eq(platform.value()))).fetchOptional()
                .map(JooqAgentDeviceCodes::toCode);
    }

    @Override
    public Optional<AgentDeviceCode> findForRedemption(String codeHash) {
        return db.ctx().selectFrom(AGENT_DEVICE_CODES).where(AGENT_DEVICE_CODES.CODE_HASH.eq(codeHash)).forUpdate()
                .fetchOptional().map(JooqAgentDeviceCodes::toCode);
    }

    private static Row<AgentDeviceCodesRecord> record(AgentDeviceCode c) {
        Row<AgentDeviceCodesRecord> r = Row.of(AGENT_DEVICE_CODES);
        r.set(AGENT_DEVICE_CODES.CODE_HASH, c.codeHash());
        r.set(AGENT_DEVICE_CODES.PLATFORM_ID, c.platformId().value());
        r.set(AGENT_DEVICE_CODES.AGENT_ID, c.agentId().value());
        r.set(AGENT_DEVICE_CODES.EXPIRES_AT, utc(c.expiresAt()));
        r.set(AGENT_DEVICE_CODES.REDEEMED_AT, utc(c.redeemedAt()));
        r.set(AGENT_DEVICE_CODES.SUPERSEDED, c.superseded());
        r.set(AGENT_DEVICE_CODES.CREATED_AT, utc(c.createdAt()));
        return r;
    }

    private static AgentDeviceCode toCode(AgentDeviceCodesRecord r) {
        return new AgentDeviceCode(r.getCodeHash(), new PlatformId(r.getPlatformId()), new AgentId(r.getAgentId()),
                r.getExpiresAt().toInstant(), instant(r.getRedeemedAt()), r.getSuperseded(),
                r.getCreatedAt().toInstant());
    }
}
