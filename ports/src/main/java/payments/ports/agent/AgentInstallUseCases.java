package payments.ports.agent;

import payments.core.agent.AgentDeviceCode;
import payments.core.id.AgentId;
import payments.core.platform.Caller;

/**
 * How agent software gets its credentials: the platform issues a device code (MANAGE; a fresh one supersedes the
 * codes not yet redeemed, 409 once the agent is connected) and watches it (VIEW); the software redeems it, with no
 * other credential, for the agent's access token. Guessing codes is limited per client (429).
 */
public interface AgentInstallUseCases {
    IssuedDeviceCode issueDeviceCode(Caller caller, AgentId agent);

    /** The platform's device code as typed ({@code code}), 404 if it has none such. */
    AgentDeviceCode deviceCode(Caller caller, String code);

    /**
     * Redeems a code: 400 if it was redeemed or has expired, 404 if there is none such, 429 after too many wrong
     * codes from {@code client} (an address: what guesses are counted by).
     */
    Redemption redeem(String code, String client);
}
