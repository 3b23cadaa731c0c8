package payments.ports.agent;

import payments.core.platform.Caller;

/**
 * Who is calling with an agent's access token (HTTP {@code Authorization: Bearer}): the agent's platform, acting
 * for its customer ({@link Caller#onBehalf}). Every failure is the same 401.
 */
public interface AgentAuthentication {
    Caller authenticateAgent(String accessToken);
}
