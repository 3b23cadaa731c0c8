package payments.ports.webhook;

import java.net.InetAddress;
import java.net.URI;
import java.util.Locale;
import payments.core.error.InvalidFields;
import payments.core.platform.Environment;
import payments.core.webhook.EndpointPolicy;
import payments.ports.driven.webhook.HostAddresses;

/**
 * Checks a webhook endpoint when a platform sets it, by the {@link EndpointPolicy} its deliveries are held to when
 * they connect: an https URL for a production platform, and no address the platform may not reach. A host that does
 * not resolve now is accepted (its DNS may not be set up yet): every connection is checked again.
 */
public final class WebhookEndpoints {
    private final EndpointPolicy policy;
    private final HostAddresses addresses;

    public WebhookEndpoints(EndpointPolicy policy, HostAddresses addresses) {
        this.policy = policy;
        this.addresses = addresses;
    }

    /** 400 naming {@code webhookEndpoint} unless {@code url} may be a platform of {@code environment}'s endpoint. */
    public void check(String url, Environment environment) {
        URI uri = URI.create(url); // the schema has checked it is an absolute URL
        String refusal = policy.schemeRefusal(uri.getScheme().toLowerCase(Locale.ROOT), environment);
        if (refusal == null && uri.getHost() != null) {
            for (InetAddress address : addresses.of(uri.getHost())) {
                refusal = refusal != null ? refusal : policy.refusal(address, environment);
            }
        }
        if (refusal != null) {
            throw InvalidFields.of("webhookEndpoint", refusal);
        }
    }
}
