package payments.core.webhook;

import java.net.InetAddress;
import java.util.List;
import payments.core.platform.Environment;

/**
 * Where webhooks may be delivered, so that a platform's endpoint cannot make the service call into the network it runs
 * in. A production platform's endpoint must use https and reach a public address; a sandbox platform's may also reach
 * loopback and private addresses (a receiver on the developer's laptop) unless the operator turns that off
 * ({@code sandboxReachesPrivate}), but never link-local, metadata or other internal ones. Addresses inside one of the
 * operator's {@code allowed} networks may always be reached.
 */
public record EndpointPolicy(List<Network> allowed, boolean sandboxReachesPrivate) {
    public static final EndpointPolicy DEFAULT = new EndpointPolicy(List.of(), true);

    public EndpointPolicy {
        allowed = List.copyOf(allowed);
    }

    /** Why {@code address} may not be called for a platform of {@code environment}, or null when it may. */
    public String refusal(InetAddress address, Environment environment) {
        if (allowed.stream().anyMatch(n -> n.contains(address))) {
            return null;
        }
        AddressClass kind = AddressClass.of(address);
        boolean mayBePrivate = environment == Environment.SANDBOX && sandboxReachesPrivate
                && (kind == AddressClass.LOOPBACK || kind == AddressClass.PRIVATE);
        return kind == AddressClass.PUBLIC || mayBePrivate ? null : "resolves to " + kind.description();
    }

    /** Why a URL with {@code scheme} may not be an endpoint of a platform of {@code environment}, or null. */
    public String schemeRefusal(String scheme, Environment environment) {
        return environment == Environment.PRODUCTION && !"https".equals(scheme)
                ? "must be an https URL for a production platform" : null;
    }
}
