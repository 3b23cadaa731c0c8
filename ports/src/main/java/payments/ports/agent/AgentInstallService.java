package payments.ports.agent;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import payments.core.agent.Agent;
import payments.core.agent.AgentDeviceCode;
import payments.core.agent.OnBehalf;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.error.Unauthenticated;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.agent.AgentDeviceCodes;
import payments.ports.driven.agent.Agents;
import payments.ports.driven.platform.TokenSecrets;
import payments.ports.platform.VerifiedTokens;
import payments.ports.time.PlatformClock;

/**
 * {@link AgentInstallUseCases} and {@link AgentAuthentication}. A device code and an access token are kept by their
 * hash only, as API tokens are. The access token is {@code <agent uuid>.<secret>}: the agent it names is looked up
 * (or found among those verified in the last second) and the secret checked against its hash.
 */
public final class AgentInstallService implements AgentInstallUseCases, AgentAuthentication {
    private final Agents agents;
    private final AgentDeviceCodes codes;
    private final TokenSecrets secrets;
    private final PlatformClock clock;
    private final TransactionRunner tx;
    private final RedeemAttempts attempts;
    private final VerifiedTokens<AgentId> verified;

    /** @param wrongCodes how many wrong codes a client may send in ten minutes before it is refused (429) */
    public AgentInstallService(Agents agents, AgentDeviceCodes codes, TokenSecrets secrets, PlatformClock clock,
                               Clock realClock, TransactionRunner tx, int wrongCodes) {
        this.agents = agents;
        this.codes = codes;
        this.secrets = secrets;
        this.clock = clock;
        this.tx = tx;
        this.attempts = new RedeemAttempts(realClock, wrongCodes);
        this.verified = new VerifiedTokens<>(realClock);
    }

    @Override
    public IssuedDeviceCode issueDeviceCode(Caller caller, AgentId id) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Agent agent = agents.findForUpdate(caller.platformId(), id).orElseThrow(() -> Agent.notFound(id));
            if (agent.connected()) {
                throw new Conflict("AGENT_ALREADY_CONNECTED", "Agent " + id + " is connected already; delete it and "
                        + "create another to install it again");
            }
            return issue(caller.platformId(), id, clock.now(caller));
        });
    }

    /** A fresh code for the agent, superseding those not yet redeemed; call inside a transaction. */
    IssuedDeviceCode issue(PlatformId platform, AgentId agent, Instant now) {
        String code = AgentDeviceCode.codeOf(secrets.newSecret());
        codes.supersede(platform, agent);
        AgentDeviceCode stored = new AgentDeviceCode(secrets.hashHex(code), platform, agent,
                now.plus(AgentDeviceCode.VALID_FOR), null, false, now);
        codes.insert(stored);
        return new IssuedDeviceCode(code, stored);
    }

    @Override
    public AgentDeviceCode deviceCode(Caller caller, String code) {
        caller.require(Permission.VIEW);
        return codes.find(caller.platformId(), secrets.hashHex(AgentDeviceCode.normalized(code)))
                .orElseThrow(AgentInstallService::noCode);
    }

    @Override
    public Redemption redeem(String code, String client) {
        attempts.check(client);
        String hash = secrets.hashHex(AgentDeviceCode.normalized(code));
        Redemption redeemed = tx.inTransaction(() -> {
            AgentDeviceCode found = codes.findForRedemption(hash).orElse(null);
            if (found == null) {
                return null;
            }
            Instant now = clock.now(found.platformId());
            found.requireRedeemable(now);
            Agent agent = agents.findForUpdate(found.platformId(), found.agentId())
                    .orElseThrow(AgentInstallService::noCode).connected(now);
            String secret = secrets.newSecret();
            agents.update(agent);
            agents.setAccessToken(agent.platformId(), agent.id(), secrets.hash(secret));
            codes.update(found.redeemedAt(now));
            return new Redemption(agent, agent.id().value() + "." + secret);
        });
        if (redeemed == null) {
            attempts.failed(client);
            throw noCode();
        }
        return redeemed;
    }

    @Override
    public Caller authenticateAgent(String accessToken) {
        int dot = accessToken.indexOf('.');
        AgentId id;
        try {
            id = new AgentId(UUID.fromString(accessToken.substring(0, Math.max(dot, 0))));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        String secret = accessToken.substring(dot + 1);
        Optional<Caller> recent = verified.remembered(id, secret, secrets, AgentInstallService::invalid);
        if (recent.isPresent()) {
            return recent.get();
        }
        Agents.Credentials found = agents.findForAuthentication(id).orElseThrow(AgentInstallService::invalid);
        if (found.tokenHash() == null || !secrets.matches(secret, found.tokenHash())) {
            throw invalid();
        }
        Agent agent = found.agent();
        Caller caller = new Caller(agent.platformId(), found.environment(), null, Set.of(),
                new OnBehalf(agent.id(), agent.customerId()));
        verified.remember(id, found.tokenHash(), caller);
        return caller;
    }

    /** The agent's token is not taken for one second more (a deletion). */
    void forget(AgentId id) {
        verified.forget(id);
    }


    private static NotFound noCode() {
        return new NotFound("DEVICE_CODE_NOT_FOUND", "No such device code");
    }

    private static Unauthenticated invalid() {
        return new Unauthenticated("UNAUTHORIZED", "Invalid agent access token");
    }
}
