package payments.adapter.http.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import payments.ports.driven.webhook.HostAddresses;

/** {@link HostAddresses} by the system's resolver (the one the webhook client uses). */
public final class DnsHostAddresses implements HostAddresses {
    @Override
    public List<InetAddress> of(String host) {
        try {
            String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            return List.of(InetAddress.getAllByName(bare));
        } catch (UnknownHostException | SecurityException e) {
            return List.of();
        }
    }
}
