package payments.adapter.http.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import payments.core.platform.Environment;
import payments.core.webhook.EndpointPolicy;

/**
 * Name resolution for webhook connections that keeps only the addresses the {@link EndpointPolicy} allows a
 * platform of one environment to reach: the client connects to what this returns, so the check is made at the
 * moment of connecting, on the very addresses used. A host with none left does not resolve.
 */
final class CheckedResolver extends SystemDefaultDnsResolver {
    private final EndpointPolicy policy;
    private final Environment environment;

    CheckedResolver(EndpointPolicy policy, Environment environment) {
        this.policy = policy;
        this.environment = environment;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] all = super.resolve(host);
        InetAddress[] allowed = java.util.Arrays.stream(all)
                .filter(address -> policy.refusal(address, environment) == null).toArray(InetAddress[]::new);
        if (allowed.length == 0) {
            throw new UnknownHostException("refused by the webhook endpoint policy");
        }
        return allowed;
    }
}
